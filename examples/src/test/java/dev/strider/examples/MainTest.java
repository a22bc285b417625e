package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MainTest {

    @Test
    void noArgumentsPrintsUsageAndSucceeds() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, code);
        assertEquals("", err.toString());
        assertTrue(out.toString().startsWith("Usage: strider-examples"), out.toString());
        assertTrue(out.toString().contains("explain"), out.toString());
        assertTrue(out.toString().contains("Commands:"), out.toString());
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
