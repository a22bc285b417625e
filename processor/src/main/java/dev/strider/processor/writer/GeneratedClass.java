package dev.strider.processor.writer;

import com.palantir.javapoet.JavaFile;
import dev.strider.processor.plan.ClassPlan;

/**
 * A class a writer generated, and the plan it rendered: the layout report reads each method's
 * nest from that plan, in the words the class's Javadoc uses, instead of planning again.
 *
 * @param file the class
 * @param plan what the class's methods run, per method of the kernel set in the set's order
 */
public record GeneratedClass(JavaFile file, ClassPlan plan) {

    /** The generated class's simple name: {@code ImageOps_Vector256}. */
    public String name() {
        return file.typeSpec().name();
    }
}
