package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceTest {

    @Test
    void currentAgreesWithTheJvm() {
        Device d = Device.current();
        assertSame(d, Device.current(), "probed once");
        assertEquals(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), d.vectorModule());
        assertEquals(Runtime.getRuntime().availableProcessors(), d.cores());
        assertEquals(System.getProperty("java.version"), d.javaVersion());
        if (d.vectorModule()) {
            assertTrue(List.of(64, 128, 256, 512, 1024, 2048).contains(d.vectorBits()) || d.vectorProblem() != null,
                    d.describe());
        } else {
            assertEquals(0, d.vectorBits());
        }
        assertTrue(d.describe().startsWith("Java " + d.javaVersion() + ", " + d.cores() + " core"), d.describe());
    }

    @Test
    void rearrangeIsCheapFromJava24() {
        assertEquals(false, new Device("17.0.15", 2, true, 256, null).cheapRearrange());
        assertEquals(false, new Device("23.0.2", 2, true, 256, null).cheapRearrange());
        assertEquals(true, new Device("24", 2, true, 256, null).cheapRearrange());
        assertEquals(true, new Device("25.0.1+8-LTS", 2, true, 256, null).cheapRearrange());
        assertEquals(Runtime.version().feature() >= 24, Device.current().cheapRearrange());
    }

    @Test
    void widthsAreTimedTogetherFromJava25() {
        assertEquals(false, new Device("17.0.15", 2, true, 512, null).widthsTogether());
        assertEquals(false, new Device("24.0.2", 2, true, 512, null).widthsTogether());
        assertEquals(true, new Device("25.0.3", 2, true, 512, null).widthsTogether());
        assertEquals(Runtime.version().feature() >= 25, Device.current().widthsTogether());
    }

    @Test
    void valueLanesFromJava25() {
        // JDK 17's Java code of rearrange reads float lanes by Float.floatToIntBits (NaNs canonical)
        assertEquals(false, new Device("17.0.15", 2, true, 512, null).valueLanes());
        assertEquals(false, new Device("24.0.2", 2, true, 512, null).valueLanes());
        assertEquals(true, new Device("25.0.3", 2, true, 512, null).valueLanes());
        assertEquals(Runtime.version().feature() >= 25, Device.current().valueLanes());
    }

    @Test
    void describeIsOneLine() {
        assertEquals("Java 17.0.15, 2 cores, vector module present, preferred vector shape 256 bits,"
                        + " rearrange checks its shuffle on every call (before Java 24)",
                new Device("17.0.15", 2, true, 256, null).describe());
        assertEquals("Java 25.0.1, 2 cores, vector module present, preferred vector shape 256 bits",
                new Device("25.0.1", 2, true, 256, null).describe());
        assertEquals("Java 25, 1 core, vector module absent", new Device("25", 1, false, 0, null).toString());
        assertEquals("Java 21, 8 cores, vector module present, preferred vector shape unknown (boom)",
                new Device("21", 8, true, 0, "boom").describe());
    }
}
