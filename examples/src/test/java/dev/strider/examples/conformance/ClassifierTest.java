package dev.strider.examples.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.conformance.Classifier.Capabilities;
import dev.strider.Side;
import dev.strider.examples.conformance.Classifier.Declaration;
import dev.strider.examples.conformance.Classifier.Parameter;
import dev.strider.examples.conformance.Classifier.Reason;
import dev.strider.examples.conformance.Classifier.Verdict;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;
import dev.strider.kernel.Quantization;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClassifierTest {

    private static final Classifier TODAY = new Classifier(Capabilities.current());
    private static final Classifier BEFORE_FOUR_BIT = new Classifier(Capabilities.current().withoutFourBit());
    private static final Classifier ISSUE_20 = new Classifier(Capabilities.ISSUE_20);

    /** The one case a one-line batch file asks for. */
    private static ReorderCase one(String line) {
        List<BatchReader.Occurrence> cases = BatchReader.of(Map.of("t", line)).read("t");
        assertEquals(1, cases.size(), line);
        return cases.get(0).reorder();
    }

    @Test
    void aBlockedF32ReorderIsDeclaredAsTwoLayouts() {
        Verdict v = TODAY.classify(one("--stag=abx --dtag=aBx16b 2x20x3x3"));
        assertTrue(v.declarable(), v.reasons().toString());
        assertEquals(new Declaration("ABCD", new int[] {2, 20, 3, 3}, "abcd", "aBcd16b", ElementType.FLOAT, null,
                ElementType.FLOAT, null, false, false, 1, 0), v.declaration().orElseThrow());
        assertEquals(String.join("\n",
                "@Layout(dims = \"ABCD\", sizes = {2, 20, 3, 3}, format = \"abcd\") interface ReorderSrc {}",
                "@Layout(dims = \"ABCD\", sizes = {2, 20, 3, 3}, format = \"aBcd16b\") interface ReorderDst {}",
                "@Reorder(from = ReorderSrc.class, to = ReorderDst.class)",
                "void reorder(float[] src, float[] dst);", ""), v.declaration().orElseThrow().source("reorder"));
    }

    @Test
    void bf16AndF16AreShortsWithTheirFormatSinceIssue20() {
        ReorderCase c = one("--sdt=bf16 --ddt=f16 --attr-scales=src:common:2 --dtag=aBx8b 3x5");
        assertEquals(EnumSet.of(Reason.BF16, Reason.F16), ISSUE_20.classify(c).reasons());
        Declaration d = TODAY.classify(c).declaration().orElseThrow();
        assertEquals(ElementType.SHORT, d.srcType());
        assertEquals(NarrowFormat.BF16, d.srcNarrow());
        assertEquals(ElementType.SHORT, d.dstType());
        assertEquals(NarrowFormat.F16, d.dstNarrow());
        assertEquals(String.join("\n",
                "@Layout(dims = \"AB\", sizes = {3, 5}, format = \"ab\") interface C7Src {}",
                "@Layout(dims = \"AB\", sizes = {3, 5}, format = \"aB8b\") interface C7Dst {}",
                "@Reorder(from = C7Src.class, to = C7Dst.class, scale = 2.0)",
                "void c7(@Elements(Bf16.class) short[] src, @Elements(F16.class) short[] dst);", ""), d.source("c7"));
    }

    @Test
    void f8IsBytesWithTheirFormat() {
        ReorderCase c = one("--sdt=f32 --ddt=f8_e4m3 --attr-scales=src:common:0.5 --dtag=aBx16b 2x17x3");
        assertEquals(EnumSet.of(Reason.F8_E4M3), new Classifier(Capabilities.current().withoutFloat8()).classify(c)
                .reasons());
        Declaration d = TODAY.classify(c).declaration().orElseThrow();
        assertEquals(ElementType.BYTE, d.dstType());
        assertEquals(NarrowFormat.F8_E4M3, d.dstNarrow());
        assertTrue(d.source("f").contains("void f(float[] src, @Elements(F8E4m3.class) byte[] dst);"), d.source("f"));
        Declaration back = TODAY.classify(one("--sdt=f8_e5m2 --ddt=bf16 4x4")).declaration().orElseThrow();
        assertEquals(NarrowFormat.F8_E5M2, back.srcNarrow());
        assertTrue(back.source("b").contains("void b(@Elements(F8E5m2.class) byte[] src, @Elements(Bf16.class) short[]"
                + " dst);"), back.source("b"));
    }

    @Test
    void aSumPostOpWithAScaleIsDeclaredAsSumSinceItem3() {
        ReorderCase c = one("--sdt=f32 --ddt=s8 --attr-post-ops=sum:0.5 --dtag=acdb 2x16x3x4");
        assertEquals(EnumSet.of(Reason.SUM), ISSUE_20.classify(c).reasons());
        Declaration d = TODAY.classify(c).declaration().orElseThrow();
        assertEquals(0.5, d.sum());
        assertTrue(d.source("s").contains("@Reorder(from = SSrc.class, to = SDst.class, sum = 0.5)"), d.source("s"));
        // a sum with its own zero point or data type is not a Strider sum
        assertEquals(EnumSet.of(Reason.SUM), TODAY.classify(one("--sdt=f32 --ddt=s8 --attr-post-ops=sum:0.5:3 2x16x3x4"))
                .reasons());
    }

    @Test
    void constantScalesAndZeroPointsBecomeScaleAndShift() {
        // dst = 0.25 * (src - (-1)) / 2 + 3 = src * 0.125 + 3.125
        Verdict v = TODAY.classify(one("--sdt=u8 --ddt=s32 --attr-scales=src:common:0.25+dst:common:2"
                + " --attr-zero-points=src:common:-1+dst:common:3 --stag=axb 1x3x2x2"));
        Declaration d = v.declaration().orElseThrow();
        assertEquals(ElementType.BYTE, d.srcType());
        assertEquals(ElementType.INT, d.dstType());
        assertTrue(d.unsignedSource() && !d.unsignedDestination());
        assertEquals(0.125, d.scale());
        assertEquals(3.125, d.shift());
        assertEquals("acdb", d.srcFormat());
    }

    @Test
    void aU8DestinationIsDeclarableSinceIssue17() {
        ReorderCase s8ToU8 = one("--sdt=s8 --ddt=u8 3x5");
        assertTrue(TODAY.classify(s8ToU8).declaration().orElseThrow().unsignedDestination());
        assertEquals(EnumSet.of(Reason.U8_DESTINATION), ISSUE_20.classify(s8ToU8).reasons());
        // a u8 -> u8 copy was a byte copy even then; with a scale it converts
        assertTrue(ISSUE_20.classify(one("--sdt=u8 --ddt=u8 --stag=ab --dtag=ba 3x5")).declarable());
        assertEquals(EnumSet.of(Reason.U8_DESTINATION),
                ISSUE_20.classify(one("--sdt=u8 --ddt=u8 --attr-scales=src:common:2 3x5")).reasons());
    }

    @Test
    void compensationsAreOutputsOfS8Weights() {
        Classifier.Declaration d = TODAY.classify(one("--sdt=f32 --ddt=s8 --stag=abcd --dtag=ABcd4b16a4b"
                + " --oflag=zp_comp:1+s8s8_comp:1 16x8x3x3")).declaration().orElseThrow();
        // s8s8 first, as oneDNN writes them after the weights, and per the mask's dims by letter
        assertTrue(d.source("w").contains("dst, @Compensation(value = Compensation.Kind.S8S8, per = \"A\") int[] s8s8Comp,"
                + " @Compensation(value = Compensation.Kind.ZERO_POINT, per = \"A\") int[] zpComp);"), d.source("w"));
        assertEquals("A", d.per(d.compensations().get(0)));
        assertEquals("AC", TODAY.classify(one("--sdt=f32 --ddt=s8 --stag=abc --dtag=aCB16b64c4b --oflag=s8s8_comp:5"
                + " 2x64x64")).declaration().map(x -> x.per(x.compensations().get(0))).orElseThrow());
        // oneDNN compensates s8 weights only; a mask must name the tensor's dims
        assertEquals(EnumSet.of(Reason.COMPENSATION),
                TODAY.classify(one("--sdt=f32 --ddt=u8 --oflag=s8s8_comp:1 16x8x3x3")).reasons());
        assertEquals(EnumSet.of(Reason.COMPENSATION),
                TODAY.classify(one("--sdt=f32 --ddt=s8 --oflag=s8s8_comp:16 16x8x3x3")).reasons());
        assertEquals(EnumSet.of(Reason.COMPENSATION), new Classifier(new Classifier.Capabilities(true, true, true, true))
                .classify(one("--sdt=f32 --ddt=s8 --oflag=s8s8_comp:1 16x8x3x3")).reasons());
    }

    @Test
    void everyReasonIsGiven() {
        assertEquals(EnumSet.of(Reason.SCALES_PER_DIM, Reason.COMPENSATION, Reason.BF16, Reason.SUM),
                ISSUE_20.classify(one("--sdt=bf16 --ddt=s8 --attr-scales=src:per_dim_1 --oflag=zp_comp:1"
                        + " --attr-post-ops=sum 2x16x3x4")).reasons());
        assertEquals(EnumSet.of(Reason.S4, Reason.ZERO_POINTS_PER_DIM, Reason.SCALES_PER_DIM),
                ISSUE_20.classify(one("--sdt=s4 --ddt=f32 --attr-scales=src:per_tensor:f16:1x16"
                        + " --attr-zero-points=src:per_tensor:s4:1x16 12x25x7x32")).reasons());
        assertEquals(EnumSet.of(Reason.S4, Reason.ZERO_POINT_DATA_TYPE), BEFORE_FOUR_BIT.classify(one("--sdt=s4"
                + " --ddt=f32 --attr-scales=src:per_tensor:f16:1x16 --attr-zero-points=src:per_tensor:s4:1x16 12x25x7x32"))
                .reasons());
        assertEquals(EnumSet.noneOf(Reason.class), TODAY.classify(one("--sdt=s4 --ddt=f32"
                + " --attr-scales=src:per_tensor:f16:1x16 --attr-zero-points=src:per_tensor:s4:1x16 12x25x7x32")).reasons());
        assertEquals(EnumSet.of(Reason.F8_E4M3, Reason.STOCHASTIC_ROUNDING),
                ISSUE_20.classify(one("--ddt=f8_e4m3 --attr-rounding-mode=dst:stochastic:123 1024x7")).reasons());
        assertEquals(EnumSet.of(Reason.STOCHASTIC_ROUNDING),
                TODAY.classify(one("--ddt=f8_e4m3 --attr-rounding-mode=dst:stochastic:123 1024x7")).reasons());
        assertEquals(EnumSet.of(Reason.TOO_LARGE), TODAY.classify(one("--dtag=aBx8b 2x16x19200x19200")).reasons());
        assertEquals(EnumSet.of(Reason.RANK), TODAY.classify(one("1x1x1x1x1x1x1x1x2")).reasons());
        assertEquals(EnumSet.of(Reason.U4), BEFORE_FOUR_BIT.classify(one("--sdt=f16 --ddt=u4 2x2")).reasons());
        assertEquals(EnumSet.noneOf(Reason.class), TODAY.classify(one("--sdt=f16 --ddt=u4 2x2")).reasons());
        assertEquals(EnumSet.of(Reason.F16, Reason.U4), ISSUE_20.classify(one("--sdt=f16 --ddt=u4 2x2")).reasons());
    }

    @Test
    void aPerDim1ScaleMakesEveryScaleAndZeroPointACallTimeParameterSinceItem2() {
        ReorderCase c = one("--sdt=f32 --ddt=s8 --attr-scales=src:per_dim_1+dst:common:2"
                + " --attr-zero-points=dst:common:3 --dtag=aBx16b 2x20x3x3");
        assertEquals(EnumSet.of(Reason.SCALES_PER_DIM), ISSUE_20.classify(c).reasons());
        Verdict v = TODAY.classify(c);
        assertTrue(v.declarable(), v.reasons().toString());
        Declaration d = v.declaration().orElseThrow();
        // no compile-time scale or shift: the common dst scale and zero point come at call time too
        assertEquals(1, d.scale());
        assertEquals(0, d.shift());
        assertEquals(List.of(new Parameter(Quantization.Kind.SCALE, Side.SRC, "B", DataType.F32, 0),
                new Parameter(Quantization.Kind.SCALE, Side.DST, "", DataType.F32, 2),
                new Parameter(Quantization.Kind.ZERO_POINT, Side.DST, "", DataType.S32, 3)), d.parameters());
        assertEquals(String.join("\n",
                "@Layout(dims = \"ABCD\", sizes = {2, 20, 3, 3}, format = \"abcd\") interface QSrc {}",
                "@Layout(dims = \"ABCD\", sizes = {2, 20, 3, 3}, format = \"aBcd16b\") interface QDst {}",
                "@Reorder(from = QSrc.class, to = QDst.class)",
                "void q(float[] src, byte[] dst, @Scale(value = Side.SRC, per = \"B\") float[] srcScales,"
                        + " @Scale(Side.DST) float dstScale, @ZeroPoint(Side.DST) int dstZeroPoint);", ""), d.source("q"));
    }

    @Test
    void policiesNameTheDimsOfBenchdnnsMasks() {
        // attr_t::get_default_mask: per_dim_0 1, per_oc and per_dim_1 0b10, per_dim_01 and per_ocic 0b11,
        // per_dim_2 0b100, per_dim_3 0b1000, per_tensor every dim
        String[][] expected = {{"per_dim_0", "A"}, {"per_oc", "B"}, {"per_dim_1", "B"}, {"per_dim_01", "AB"},
            {"per_ocic", "AB"}, {"per_dim_2", "C"}, {"per_dim_3", "D"}, {"per_tensor", "ABCD"}};
        for (String[] e : expected) {
            Declaration d = TODAY.classify(one("--sdt=s8 --ddt=f32 --attr-scales=src:" + e[0] + " 2x3x4x5"))
                    .declaration().orElseThrow();
            assertEquals(e[1], d.parameters().get(0).per(), e[0]);
            assertEquals(Classifier.mask(Attributes.Policy.of(e[0]), 4), Classifier.mask("ABCD", e[1]), e[0]);
        }
        // bf16 scales per tensor and s8 zero points: short[] with their format, byte[]
        Declaration d = TODAY.classify(one("--sdt=u8 --ddt=f32 --attr-scales=src:per_tensor:bf16"
                + " --attr-zero-points=src:per_dim_1:s8 2x3")).declaration().orElseThrow();
        assertTrue(d.source("h").contains("void h(byte[] src, float[] dst, @Elements(Bf16.class) @Scale(value = Side.SRC,"
                + " per = \"AB\") short[] srcScales, @ZeroPoint(value = Side.SRC, per = \"B\") byte[] srcZeroPoints);"),
                d.source("h"));
        assertEquals(EnumSet.of(Reason.MASK_BEYOND_RANK),
                TODAY.classify(one("--sdt=s8 --ddt=f32 --attr-scales=src:per_dim_2 3x5")).reasons());
    }

    @Test
    void groupsAreTheLastDimsAndFourBitZeroPointsStayOut() {
        // benchdnn's groups cover the tensor's last dims: 8x1 on 12x25x16x7 is 8 along C, 1 along D
        Declaration grouped = TODAY.classify(one("--sdt=s8 --ddt=f32 --attr-scales=src:per_tensor:f32:8x1"
                + " --attr-zero-points=src:per_tensor:s32:8x1 12x25x16x7")).declaration().orElseThrow();
        assertEquals(List.of(new Parameter(Quantization.Kind.SCALE, Side.SRC, "ABCD", DataType.F32, 0,
                        List.of(1, 1, 8, 1)),
                new Parameter(Quantization.Kind.ZERO_POINT, Side.SRC, "ABCD", DataType.S32, 0, List.of(1, 1, 8, 1))),
                grouped.parameters());
        assertTrue(grouped.source("g").contains("@Scale(value = Side.SRC, per = \"ABCD\", groups = {1, 1, 8, 1})"
                + " float[] srcScales"), grouped.source("g"));
        // a group that does not divide its dim, or one on a dim outside the mask, stays out
        assertEquals(EnumSet.of(Reason.SCALES_PER_GROUP),
                TODAY.classify(one("--sdt=f32 --ddt=f32 --attr-scales=src:per_tensor:f32:3x1 16x16")).reasons());
        assertEquals(EnumSet.of(Reason.ZERO_POINTS_PER_GROUP),
                TODAY.classify(one("--sdt=s8 --ddt=f32 --attr-zero-points=src:per_dim_0:s32:1x4 16x16")).reasons());
        assertEquals(EnumSet.of(Reason.ZERO_POINT_DATA_TYPE),
                TODAY.classify(one("--sdt=u8 --ddt=f32 --attr-zero-points=src:per_dim_1:u8 16x16")).reasons());
        // Strider refuses a zero point with the sum post-op when it comes at call time
        assertEquals(EnumSet.of(Reason.ZERO_POINT_WITH_SUM), TODAY.classify(one("--sdt=s8 --ddt=f32"
                + " --attr-zero-points=src:per_dim_1 --attr-post-ops=sum 16x16")).reasons());
    }
}
