package dev.strider.processor.writer;

import com.palantir.javapoet.JavaFile;
import java.util.List;

/**
 * A class a writer generated, and what its Javadoc says about each method's loop nest: the
 * layout report repeats those very words instead of planning the nests again.
 *
 * @param file      the class
 * @param loopNests per method of the kernel set, in the set's order, the loop nest as the
 *                  method's Javadoc states it (for VECTOR: with the vector form it got, or why
 *                  it stayed scalar)
 */
public record GeneratedClass(JavaFile file, List<String> loopNests) {

    public GeneratedClass {
        loopNests = List.copyOf(loopNests);
    }

    /** The generated class's simple name: {@code ImageOps_Vector256}. */
    public String name() {
        return file.typeSpec().name();
    }
}
