package dev.strider.examples.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.conformance.BatchReader.BatchException;
import dev.strider.examples.conformance.BatchReader.Occurrence;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The reader on small hand-written batch files, each expected case worked out by hand. */
class BatchReaderTest {

    private static List<Occurrence> read(Map<String, String> files, String top) {
        return BatchReader.of(files).read(top);
    }

    /** benchdnn's repro line of each case, in order. */
    private static List<String> repro(List<Occurrence> cases) {
        return cases.stream().map(o -> o.reorder().repro()).collect(Collectors.toList());
    }

    @Test
    void listsAreCrossProductsAndOptionsPersistUntilReset() {
        String file = String.join("\n",
                "--sdt=f32,s8 --ddt=u8",
                "--stag=abx --dtag=axb,aBx8b",
                "2x16x3x4",
                "--ddt=f32",
                "1x8",
                "--reset",
                "3x5");
        assertEquals(List.of(
                // sdt outermost, then ddt, stag, dtag
                "--sdt=f32 --ddt=u8 --stag=abcd --dtag=acdb 2x16x3x4",
                "--sdt=f32 --ddt=u8 --stag=abcd --dtag=aBcd8b 2x16x3x4",
                "--sdt=s8 --ddt=u8 --stag=abcd --dtag=acdb 2x16x3x4",
                "--sdt=s8 --ddt=u8 --stag=abcd --dtag=aBcd8b 2x16x3x4",
                // only ddt changed; the tags now normalize on 2 dims (axb is ab)
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab 1x8",
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=aB8b 1x8",
                "--sdt=s8 --ddt=f32 --stag=ab --dtag=ab 1x8",
                "--sdt=s8 --ddt=f32 --stag=ab --dtag=aB8b 1x8",
                // --reset: f32, abx everywhere
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab 3x5"),
                repro(read(Map.of("t", file), "t")));
    }

    @Test
    void attributesAreCrossProductsEmptyEntriesAreDefaultsAndBackslashesJoinLines() {
        String file = String.join("\n",
                "# scales: none, a common one, one per channel of dst",
                "--attr-scales=,src:common:0.5, \\",
                "              dst:per_dim_1",
                "--attr-post-ops=,sum",
                "--attr-zero-points=src:common:0   # 0 is the default: no zero point",
                "4x4 # a comment after the problem");
        List<Occurrence> cases = read(Map.of("t", file), "t");
        assertEquals(List.of(
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab 4x4",
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab --attr-post-ops=sum 4x4",
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab --attr-scales=src:common:0.5 4x4",
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab --attr-scales=src:common:0.5 --attr-post-ops=sum 4x4",
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab --attr-scales=dst:per_dim_1 4x4",
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab --attr-scales=dst:per_dim_1 --attr-post-ops=sum 4x4"),
                repro(cases));
        assertEquals(6, cases.get(0).line());
        assertEquals(Attributes.NONE, cases.get(0).reorder().attributes());
    }

    @Test
    void spellingsOfOneCaseAreOneCase() {
        // nchw, abcd and abx are one tag on 4 dims; a common scale of 1 is no scale; src0 is src
        String file = String.join("\n",
                "--stag=nchw,abcd,abx --attr-scales=,src:common:1,src0:common:1:f32 2x3x4x5",
                "--reset --attr-zero-points=src0:common:2 --sdt=u8 2x3x4x5",
                "--attr-zero-points=src:common:2 2x3x4x5");
        List<Occurrence> cases = read(Map.of("t", file), "t");
        assertEquals(11, cases.size());
        assertEquals(2, cases.stream().map(Occurrence::reorder).distinct().count());
        assertEquals("--sdt=u8 --ddt=f32 --stag=abcd --dtag=abcd --attr-zero-points=src:common:2 2x3x4x5",
                cases.get(10).reorder().repro());
    }

    @Test
    void batchIncludesAreRelativeToTheIncludingFileAndShareTheSettings() {
        Map<String, String> files = Map.of(
                "top", "--sdt=s8\n--batch=sub/inner\n2x2\n",
                "sub/inner", "--ddt=s32\n--batch=more\n3\n",
                "sub/more", "--attr-post-ops=sum:2\n");
        List<Occurrence> cases = read(files, "top");
        assertEquals(List.of(
                "--sdt=s8 --ddt=s32 --stag=a --dtag=a --attr-post-ops=sum:2 3",
                // what the included files set stays set in the file that included them
                "--sdt=s8 --ddt=s32 --stag=ab --dtag=ab --attr-post-ops=sum:2 2x2"),
                repro(cases));
        assertEquals("sub/inner:3", cases.get(0).where());
        assertEquals("top:3", cases.get(1).where());
    }

    @Test
    void problemsMayHaveNamesAndFlagsEnginesAndRunTimeDimsAreReadToo() {
        String file = String.join("\n",
                "--oflag=,s8s8_comp:1+zp_comp:1 --ddt=s8 16x8x1x1_n\"conv.weights*3\"",
                "--reset --cross-engine=cpu2gpu,gpu2cpu 7",
                "--reset --runtime-dim-mask=0,63 5x5");
        List<Occurrence> cases = read(Map.of("t", file), "t");
        assertEquals(List.of(
                "--sdt=f32 --ddt=s8 --stag=abcd --dtag=abcd 16x8x1x1",
                "--sdt=f32 --ddt=s8 --stag=abcd --dtag=abcd --oflag=s8s8_comp:1+zp_comp:1 16x8x1x1",
                "--sdt=f32 --ddt=f32 --stag=a --dtag=a --cross-engine=cpu2gpu 7",
                "--sdt=f32 --ddt=f32 --stag=a --dtag=a --cross-engine=gpu2cpu 7",
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab 5x5",
                "--sdt=f32 --ddt=f32 --stag=ab --dtag=ab --runtime-dim-mask=63 5x5"),
                repro(cases));
        assertEquals("\"conv.weights*3\"", cases.get(0).name());
        List<ReorderCase> c = cases.stream().map(Occurrence::reorder).collect(Collectors.toList());
        assertTrue(c.get(0).cpuFixedDims() && c.get(1).cpuFixedDims());
        assertTrue(c.get(2).crossEngine() && !c.get(2).onCpu() && !c.get(2).cpuFixedDims());
        assertTrue(!c.get(4).runtimeDims() && c.get(5).runtimeDims() && !c.get(5).cpuFixedDims());
    }

    @Test
    void benchdnnSkipsZeroPointsWithSumOrOnFloatsAsInvalid() {
        String file = String.join("\n",
                "--sdt=s8 --ddt=u8 --attr-zero-points=dst:common:2 --attr-post-ops=,sum 2x2",
                "--reset --sdt=f32 --ddt=s8 --attr-zero-points=src:common:1,dst:common:1 2x2");
        List<ReorderCase> c = read(Map.of("t", file), "t").stream().map(Occurrence::reorder).collect(Collectors.toList());
        assertTrue(c.get(0).invalid().isEmpty());
        assertEquals("zero points can't be used with the sum post-op", c.get(1).invalid().orElseThrow());
        assertEquals("non-integral data types don't take zero points", c.get(2).invalid().orElseThrow());
        assertTrue(c.get(3).invalid().isEmpty()); // a dst zero point on s8 is fine
    }

    @Test
    void badFilesAreErrorsThatSayWhere() {
        BatchException unknown = assertThrows(BatchException.class,
                () -> read(Map.of("t", "--sdt=f32\n  --sdtt=f32 2x2"), "t"));
        assertTrue(unknown.getMessage().startsWith("t:2: unknown option"), unknown.getMessage());
        assertTrue(unknown.getMessage().endsWith("(at \"--sdtt=f32\")"), unknown.getMessage());

        BatchException missing = assertThrows(BatchException.class, () -> read(Map.of("t", "--batch=nope"), "t"));
        assertEquals("t:1: cannot open file nope (at \"--batch=nope\")", missing.getMessage());

        BatchException tag = assertThrows(BatchException.class, () -> read(Map.of("t", "--stag=abd 2x2x2"), "t"));
        assertEquals("t:1: unknown or invalid tag \"abd\" (at \"--stag=abd\")", tag.getMessage());

        BatchException type = assertThrows(BatchException.class, () -> read(Map.of("t", "--sdt=f31"), "t"));
        assertEquals("t:1: unknown data type \"f31\" (at \"--sdt=f31\")", type.getMessage());

        BatchException dims = assertThrows(BatchException.class, () -> read(Map.of("t", "2xx3"), "t"));
        assertTrue(dims.getMessage().startsWith("t:1: dims are integers"), dims.getMessage());
    }
}
