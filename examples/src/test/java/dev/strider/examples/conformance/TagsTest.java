package dev.strider.examples.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TagsTest {

    // Worked by hand from benchdnn's normalize_tag (dnn_types.cpp, oneDNN v3.11).
    @ParameterizedTest(name = "{0} on {1} dims is {2}")
    @CsvSource({
        "abx, 4, abcd",
        "abx, 2, ab",
        "abx, 1, a",            // x expands to nothing, then b is trimmed away
        "axb, 5, acdeb",
        "axb, 2, ab",
        "xba, 4, cdba",
        "bxa, 3, bca",
        "aBx16b, 5, aBcde16b",
        "aBx16b, 2, aB16b",
        "xcab, 5, decab",       // grouped: x starts after the last letter, c
        "Abx16a, 4, Abcd16a",
        "aBCx4c16b4c, 4, aBCd4c16b4c",
        "nchw, 4, abcd",
        "nhwc, 4, acdb",
        "oihw, 4, abcd",
        "OIhw16i16o, 4, ABcd16b16a",
        "gOIhw16i16o, 5, aBCde16c16b",
        "Odhwi16o, 5, Acdeb16a",
        "gOdhwi16o, 6, aBdefc16b",
        "OIw8o16i2o, 3, ABc8a16b2a",
        "goiw, 4, abcd",
        "decbA8a, 5, decbA8a",  // abstract letters stay
        "aBcd16b, 4, aBcd16b",
        "any, 4, any",
    })
    void normalizesAsBenchdnn(String tag, int ndims, String expected) {
        assertEquals(expected, Tags.normalize(tag, ndims));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abx", "aBx16b", "xcab", "nhwc", "gOIhw16i16o", "ABcd16a16b", "BA16a16b4a", "any", "a"})
    void benchdnnAcceptsTheseTags(String tag) {
        assertTrue(Tags.check(tag), tag);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abd", "aB", "ab16b", "aab", "aB0b", "16ab", "aBc16", "a-b", ""})
    void benchdnnRefusesThese(String tag) {
        // a gap, an upper-case dim without a block, a block on a plain dim, a dim twice, block 0,
        // a block before the dims, a block without a letter, a stray character, nothing
        assertFalse(Tags.check(tag), tag);
    }
}
