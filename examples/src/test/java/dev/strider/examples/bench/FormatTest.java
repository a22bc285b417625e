package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void threeSignificantDigitsWithoutExponents() {
        assertEquals("13.5", Format.significant(13.456));
        assertEquals("0.00512", Format.significant(0.0051234));
        assertEquals("1230", Format.significant(1234.5));
        assertEquals("0.5", Format.significant(0.5));
        assertEquals("2", Format.significant(2.0));
        assertEquals("0", Format.significant(0));
    }

    @Test
    void timesPickAReadableUnit() {
        assertEquals("129 ns", Format.time(129.4));
        assertEquals("56.2 µs", Format.time(56_200));
        assertEquals("4.97 ms", Format.time(4_967_000));
        assertEquals("1.48×", Format.times(1.4812));
    }

    @Test
    void bytesUseDecimalUnitsAsGigabytesPerSecondDo() {
        assertEquals("960 B", Report.bytes(960));
        assertEquals("3.28 kB", Report.bytes(3_280));
        assertEquals("33.6 MB", Report.bytes(33_554_432));
    }
}
