package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.CodeBlock;
import org.junit.jupiter.api.Test;

/** Lane offsets added to an operand's offset fold into its literal, so generated code reads {@code srcHw4 + 100}. */
class OffsetPlusTest {

    private static String plus(String offset, long more) {
        return NestWriter.plus(CodeBlock.of("$L", offset), more).toString();
    }

    @Test
    void literalsFold() {
        assertEquals("srcHw4 + 100", plus("srcHw4 + 80", 20));
        assertEquals("dstHw + 7", plus("dstHw - 3", 10));
        assertEquals("dstHw - 7", plus("dstHw", -7));
        assertEquals("dstHw", plus("dstHw + 8", -8));
        assertEquals("328", plus("320", 8));
        assertEquals("-7", plus("0", -7));
    }

    @Test
    void otherExpressionsGetTheSumWrittenOut() {
        assertEquals("a[i] + 1", plus("a[i]", 1));
        assertEquals("i * 3 - 2", plus("i * 3", -2));
        assertEquals("i * 3", plus("i * 3", 0));
    }
}
