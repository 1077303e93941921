package com.cascade4arm.host.child;

import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.proxy.HealthProbe;
import com.cascade4arm.host.testing.DemoModelFiles;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A child whose port was taken between picking and binding it (another process got there first) exits before it is
 * ready; the supervisor starts it again on a fresh port instead of reporting the model as failed to load. Closing
 * the supervisor deletes the directory the child's native library was extracted to.
 */
class ChildStartRetryIT {

    @Test
    void aChildThatLostItsPortStartsAgainOnAnother() throws Exception {
        HostConfig config = HostConfig.defaults("demo-small", DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(1024)
                .withParallel(1).withThreads(1).withEngine(Engine.JNI, null);
        AtomicInteger launches = new AtomicInteger();
        Vertx vertx = Vertx.vertx();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            HostProcessCommand command = HostProcessCommand.of(config);
            ChildSupervisor supervisor = new ChildSupervisor(config, command, "retry-test-key",
                    new HealthProbe(vertx, ChildProcess.HEALTH_TIMEOUT),
                    () -> launches.getAndIncrement() == 0 ? taken.getLocalPort() : freePort());
            try (supervisor) {
                supervisor.start().get(120, TimeUnit.SECONDS);

                assertThat(supervisor.isReady()).isTrue();
                assertThat(launches.get()).isEqualTo(2);
                assertThat(supervisor.childUrl().getPort()).isNotEqualTo(taken.getLocalPort());
                assertThat(command.nativeDir()).as("where the child extracted its library").isNotEmptyDirectory();
            }
            assertThat(command.nativeDir()).as("deleted when the supervisor closed").doesNotExist();
        } finally {
            vertx.close();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
