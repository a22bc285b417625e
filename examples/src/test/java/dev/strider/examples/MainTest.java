package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MainTest {

    @Test
    void helpListsTheCommandsAndTheDemoOptions() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "--help");
        assertEquals(0, code);
        assertEquals("", err.toString());
        String usage = out.toString();
        assertTrue(usage.startsWith("Usage: strider-examples"), usage);
        assertTrue(usage.contains("Commands:"), usage);
        for (String command : new String[] {"demo", "explain", "kernels", "help"}) {
            assertTrue(usage.contains("\n  " + command + " "), command + ": " + usage);
        }
        for (String option : new String[] {"--image=FILE", "--out=DIR", "--repeat=N"}) {
            assertTrue(usage.contains(option), option + ": " + usage);
        }
    }

    @Test
    void unknownSubcommand() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "explian");
        assertEquals(2, code);
        assertTrue(err.toString().startsWith("error: "), err.toString());
        assertTrue(err.toString().contains("explain"), err.toString()); // the suggestion
        assertTrue(err.toString().contains("Try 'strider-examples --help'"), err.toString());
    }

    @Test
    void helpSubcommand() {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "help", "explain");
        assertEquals(0, code);
        assertTrue(out.toString().startsWith("Usage: strider-examples explain"), out.toString());
    }
}
