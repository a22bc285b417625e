package dev.strider.processor.writer;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads the bytecode length of every method of a class file (JVMS §4: the Code attribute's code_length). */
final class CodeLengths {

    private CodeLengths() {
    }

    static Map<String, Integer> of(byte[] classFile) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile))) {
            in.readInt(); // magic
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1: utf8[i] = in.readUTF(); break;
                    case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: in.skipBytes(4); break;
                    case 5: case 6: in.skipBytes(8); i++; break;
                    case 7: case 8: case 16: case 19: case 20: in.skipBytes(2); break;
                    case 15: in.skipBytes(3); break;
                    default: throw new IllegalStateException("constant pool tag " + tag);
                }
            }
            in.skipBytes(6); // access, this, super
            in.skipBytes(2 * in.readUnsignedShort()); // interfaces
            skipMembers(in);
            Map<String, Integer> lengths = new LinkedHashMap<>();
            int methods = in.readUnsignedShort();
            for (int m = 0; m < methods; m++) {
                in.skipBytes(2);
                String name = utf8[in.readUnsignedShort()] + utf8[in.readUnsignedShort()];
                int attributes = in.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = utf8[in.readUnsignedShort()];
                    int length = in.readInt();
                    if (attribute.equals("Code")) {
                        in.skipBytes(4);
                        lengths.put(name, in.readInt());
                        in.skipBytes(length - 8);
                    } else {
                        in.skipBytes(length);
                    }
                }
            }
            return lengths;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void skipMembers(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        for (int f = 0; f < count; f++) {
            in.skipBytes(6);
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                in.skipBytes(2);
                in.skipBytes(in.readInt());
            }
        }
    }
}
