package com.cascade4arm.app;

import org.apache.camel.main.Main;

import java.util.ArrayList;
import java.util.List;

/** Starts the Cascade4Arm gateway: Camel Main plus the bootstrap that wires hosts, routes and HTTP. */
public final class CascadeApp {
    private CascadeApp() {
    }

    public static void main(String[] args) throws Exception {
        Main main = new Main(CascadeApp.class);
        main.addMainListener(new GatewayBootstrap());
        int code = main.run(propertyArguments(main, args));
        // llama.cpp keeps a non-daemon native thread alive after its models close: end the process ourselves.
        System.exit(code);
    }

    /** Turns {@code --key=value} arguments into properties (as application.properties would set them); returns the rest. */
    static String[] propertyArguments(Main main, String[] args) {
        List<String> rest = new ArrayList<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (arg.startsWith("--") && equals > 2) {
                main.addOverrideProperty(arg.substring(2, equals), arg.substring(equals + 1));
            } else {
                rest.add(arg);
            }
        }
        return rest.toArray(String[]::new);
    }
}
