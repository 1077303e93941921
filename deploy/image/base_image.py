#!/usr/bin/env python3
"""Writes a container base image (docker-save tar: manifest.json, config, one layer) holding this machine's JRE at
/opt/java/openjdk (where eclipse-temurin images keep theirs, on PATH) plus the shared libraries it and the llama.cpp
JNI library load, so Jib can build the gateway image on it without a registry (-Djib.base.image=tar://...).
Usage: base_image.py OUT.tar JAVA_HOME [EXTRA_NATIVE_LIB ...]"""
import hashlib, io, json, os, re, subprocess, sys, tarfile, time

JRE_DIR = "opt/java/openjdk"
# What a JDK has and a runtime does not need (sources, headers, module files for jlink, docs).
JDK_ONLY = {"jmods", "docs", "include", "man", "demo", "lib/src.zip", "lib/ct.sym"}
ARCH = {"x86_64": "amd64", "aarch64": "arm64"}[os.uname().machine]


def shared_libraries(binaries):
    """Every library the dynamic loader resolves for these files (ldd), the loader itself included."""
    found = set()
    for binary in binaries:
        out = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.search(r"=> (/\S+)", line) or re.match(r"\s*(/\S+) \(", line)
            if m:
                found.add(os.path.normpath(m.group(1)))
    return sorted(found)


def add_file(tar, source, arcname, mode=None):
    info = tar.gettarinfo(os.path.realpath(source), arcname)  # dereferenced: the layer holds real files
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    if mode is not None:
        info.mode = mode
    with open(os.path.realpath(source), "rb") as f:
        tar.addfile(info, f)


def add_dir(tar, arcname, mode=0o755):
    info = tarfile.TarInfo(arcname)
    info.type, info.mode, info.mtime = tarfile.DIRTYPE, mode, 0
    tar.addfile(info)


def add_text(tar, arcname, text):
    data = text.encode()
    info = tarfile.TarInfo(arcname)
    info.size, info.mode, info.mtime = len(data), 0o644, 0
    tar.addfile(info, io.BytesIO(data))


def layer(java_home, extra_libs):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        made = set()

        def parents(path):
            parts = path.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                d = "/".join(parts[:i])
                if d not in made:
                    made.add(d)
                    add_dir(tar, d)

        natives = []
        for root, dirs, files in os.walk(java_home, followlinks=True):
            dirs[:] = sorted(d for d in dirs if os.path.relpath(os.path.join(root, d), java_home) not in JDK_ONLY)
            for name in sorted(files):
                if os.path.relpath(os.path.join(root, name), java_home) in JDK_ONLY:
                    continue
                source = os.path.join(root, name)
                if not os.path.exists(source):
                    continue  # a dangling link (e.g. to a missing cacerts) is left out
                arcname = JRE_DIR + "/" + os.path.relpath(source, java_home)
                parents(arcname)
                add_file(tar, source, arcname)
                if name.endswith(".so") or root.endswith("/bin"):
                    natives.append(source)
        for lib in shared_libraries(natives + extra_libs):
            arcname = lib.lstrip("/")
            parents(arcname)
            add_file(tar, lib, arcname)
        # Name resolution for "localhost" and the host name (glibc loads libnss_files at run time).
        for lib in shared_libraries(["/bin/true"]) + [p for p in ("/lib/x86_64-linux-gnu/libnss_files.so.2",
                "/lib/aarch64-linux-gnu/libnss_files.so.2") if os.path.exists(p)]:
            arcname = lib.lstrip("/")
            parents(arcname)
            add_file(tar, lib, arcname)
        parents("etc/x")
        add_text(tar, "etc/nsswitch.conf", "passwd: files\ngroup: files\nhosts: files\n")
        add_text(tar, "etc/hosts", "127.0.0.1 localhost\n::1 localhost\n")
        add_text(tar, "etc/passwd", "root:x:0:0:root:/root:/sbin/nologin\n")
        add_text(tar, "etc/group", "root:x:0:\n")
        add_dir(tar, "tmp", 0o1777)
        add_dir(tar, "proc")  # a container runtime mounts /proc here (the loader resolves $ORIGIN through it)
    return buffer.getvalue()


def main():
    out, java_home, extra = sys.argv[1], os.path.realpath(sys.argv[2]), sys.argv[3:]
    layer_tar = layer(java_home, extra)
    diff_id = "sha256:" + hashlib.sha256(layer_tar).hexdigest()
    config = json.dumps({
        "architecture": ARCH, "os": "linux", "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "config": {"Env": ["PATH=/" + JRE_DIR + "/bin:/usr/local/bin:/usr/bin:/bin", "JAVA_HOME=/" + JRE_DIR]},
        "rootfs": {"type": "layers", "diff_ids": [diff_id]},
        "history": [{"created_by": "deploy/image/base_image.py: this machine's JRE"}]}).encode()
    config_name = hashlib.sha256(config).hexdigest() + ".json"
    manifest = json.dumps([{"Config": config_name, "RepoTags": ["cascade4arm/local-jre:latest"],
                            "Layers": ["layer/layer.tar"]}]).encode()
    with tarfile.open(out, "w") as tar:
        for name, data in ((config_name, config), ("layer/layer.tar", layer_tar), ("manifest.json", manifest)):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    print(f"{out}: {len(layer_tar) // (1024 * 1024)} MiB layer, {ARCH}, JRE from {java_home}")


if __name__ == "__main__":
    main()
