#!/usr/bin/env bash
# Builds the gateway's container image with Jib exactly as configured in camel-app/pom.xml — no Docker daemon, no
# registry: the base image is a tar made here from this machine's JRE (base_image.py, at /opt/java/openjdk like
# eclipse-temurin) — then unpacks the image's layers into a root directory and starts the image's own entrypoint there
# as a container runtime would: chroot into the layers, /proc mounted in a private mount namespace, the image's user
# (10001:10001), environment and working directory, /data an empty writable volume. Checks /health and a chat answer
# (embedded demo models: the llama.cpp JNI library runs inside the image), then stops it with SIGTERM.
# Needs root (chroot, mount), python3, curl, Maven. Takes a few minutes (the demo models are generated at first start).
# Usage: deploy/image/smoke-test.sh [work-dir]     Env: PORT (default: a free one), JAVA_HOME (default: java on PATH)
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=${1:-$(mktemp -d /tmp/cascade-image-XXXXXX)}
PORT=${PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
JRE=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
[ "$(id -u)" = 0 ] || { echo "needs root: chroot and mount, as a container runtime" >&2; exit 2; }
mkdir -p "$WORK"
case "$(uname -m)" in x86_64) NATIVE=Linux/x86_64; PLATFORM=linux/amd64;; aarch64) NATIVE=Linux/aarch64; PLATFORM=linux/arm64;; esac

echo "== base image from $JRE"
# The llama.cpp JNI jar the image ships: from the packaged lib/ when built, else from the local Maven repository.
LLAMA_VERSION=$(sed -n 's:.*<llama.version>\(.*\)</llama.version>.*:\1:p' pom.xml)
LLAMA_JAR=camel-app/target/lib/llama-$LLAMA_VERSION.jar
if [ ! -f "$LLAMA_JAR" ]; then
  LLAMA_JAR=${MAVEN_REPO:-$HOME/.m2/repository}/de/kherud/llama/$LLAMA_VERSION/llama-$LLAMA_VERSION.jar
  [ -f "$LLAMA_JAR" ] || mvn -B -q dependency:get -Dartifact="de.kherud:llama:$LLAMA_VERSION"
fi
unzip -q -o -j "$LLAMA_JAR" "de/kherud/llama/$NATIVE/libjllama.so" -d "$WORK"
python3 deploy/image/base_image.py "$WORK/base.tar" "$JRE" "$WORK/libjllama.so"

echo "== Jib image on it"
# -am -Pimage: jib:buildTar in this reactor, the sibling modules from this build (nothing installed into ~/.m2).
mvn -B -q -pl camel-app -am package -DskipTests -Pimage -Djib.base.image="tar://$WORK/base.tar" \
  -Djib.from.platforms="$PLATFORM" -Djib.outputPaths.tar="$WORK/image.tar"

echo "== unpack the layers"
rm -rf "$WORK/rootfs" "$WORK/image" && mkdir -p "$WORK/rootfs" "$WORK/image"
tar -xf "$WORK/image.tar" -C "$WORK/image"
python3 - "$WORK" <<'PY'
import json, os, sys, tarfile
work = sys.argv[1]
manifest = json.load(open(os.path.join(work, "image", "manifest.json")))[0]
config = json.load(open(os.path.join(work, "image", manifest["Config"])))
for layer in manifest["Layers"]:
    with tarfile.open(os.path.join(work, "image", layer)) as tar:
        tar.extractall(os.path.join(work, "rootfs"), numeric_owner=True)
c = config["config"]
with open(os.path.join(work, "run.env"), "w") as f:
    f.write("\n".join(c.get("Env", [])) + "\n")
with open(os.path.join(work, "run.args"), "w") as f:
    f.write("\0".join((c.get("Entrypoint") or []) + (c.get("Cmd") or [])))
open(os.path.join(work, "run.user"), "w").write(c.get("User", "0"))
open(os.path.join(work, "run.workdir"), "w").write(c.get("WorkingDir") or "/")
print("layers:", len(manifest["Layers"]), "| user:", c.get("User"), "| ports:", list(c.get("ExposedPorts", {})),
      "| volumes:", list(c.get("Volumes", {})))
print("entrypoint:", " ".join((c.get("Entrypoint") or []) + (c.get("Cmd") or [])))
PY
USER_SPEC=$(cat "$WORK/run.user"); WORKDIR=$(cat "$WORK/run.workdir")
mkdir -p "$WORK/rootfs/proc" "$WORK/rootfs/data"
chown "$USER_SPEC" "$WORK/rootfs/data"   # an empty volume the pod's fsGroup makes writable
cp /etc/resolv.conf "$WORK/rootfs/etc/resolv.conf" 2>/dev/null || true   # as a container runtime provides it
if curl -fsS -m 2 "http://127.0.0.1:$PORT/health" > /dev/null 2>&1; then
  echo "something already answers on port $PORT: set PORT" >&2; exit 1
fi
mapfile -d '' ARGS < "$WORK/run.args"
mapfile -t ENVS < "$WORK/run.env"

echo "== start: ${ARGS[*]} as $USER_SPEC in $WORKDIR (CASCADE_PORT=$PORT, as docker run -e would set it)"
[ "$WORKDIR" = / ] || { echo "the image sets WorkingDir $WORKDIR: this script starts in / only" >&2; exit 1; }
# The host's sh mounts /proc in the new mount namespace; inside the root there is no shell, only the entrypoint.
# shellcheck disable=SC2016
env -i "${ENVS[@]}" CASCADE_PORT="$PORT" "$(command -v unshare)" -m --propagation private /bin/sh -c \
  'root=$1; user=$2; chroot=$3; shift 3; /bin/mount -t proc proc "$root/proc" && exec "$chroot" --userspec="$user" "$root" "$@"' \
  _ "$WORK/rootfs" "$USER_SPEC" "$(command -v chroot)" "${ARGS[@]}" > "$WORK/gateway.log" 2>&1 &
PID=$!
trap 'kill -TERM $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do
  curl -fsS "http://127.0.0.1:$PORT/health" > "$WORK/health.json" 2>/dev/null && break
  kill -0 $PID 2>/dev/null || { tail -40 "$WORK/gateway.log"; echo "the image's process exited" >&2; exit 1; }
  sleep 1
done
echo "== /health"; cat "$WORK/health.json"; echo
echo "== chat"
curl -fsS "http://127.0.0.1:$PORT/v1/chat/completions" -H 'Content-Type: application/json' \
  -d '{"model":"auto","messages":[{"role":"user","content":"What is the capital of France?"}],"max_tokens":16}'
echo
ls "$WORK/rootfs/data/models/"*.gguf > /dev/null \
  || { echo "no demo model in the image's /data: the answer did not come from the image's process" >&2; exit 1; }
echo "== generated inside the image: $(cd "$WORK/rootfs/data/models" && ls ./*.gguf | tr '\n' ' ')"
kill -TERM $PID; wait $PID || true; trap - EXIT
grep -E "Shutting down|Drained in" "$WORK/gateway.log" || true
# A read-only root file system (k8s/gateway.yaml) needs every write to go to /data or /tmp.
WRITTEN=$(cd "$WORK/rootfs" && find . -newer "$WORK/run.args" ! -path './data*' ! -path './tmp*' ! -path './proc*' ! -path './etc/resolv.conf' ! -path ./etc ! -path . | head)
[ -z "$WRITTEN" ] || { echo "the image wrote outside /data and /tmp: $WRITTEN" >&2; exit 1; }
echo "== nothing written outside /data and /tmp"
echo "== stopped with SIGTERM after ${SECONDS} s in all; log: $WORK/gateway.log"
