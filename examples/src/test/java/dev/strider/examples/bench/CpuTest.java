package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The model and the vector flags, from /proc/cpuinfo texts as Linux writes them. */
class CpuTest {

    private static final String ZEN4 = "processor\t: 0\n"
            + "vendor_id\t: AuthenticAMD\n"
            + "model name\t: AMD EPYC 9R14 96-Core Processor\n"
            + "flags\t\t: fpu vme de pse tsc msr sse sse2 ht pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes"
            + " xsave avx f16c rdrand hypervisor bmi1 avx2 smep bmi2 erms avx512f avx512dq adx smap avx512ifma clflushopt"
            + " avx512cd sha_ni avx512bw avx512vl xsaveopt avx512_bf16 avx512vbmi umip pku avx512_vbmi2 gfni vaes"
            + " avx512_vnni avx512_bitalg avx512_vpopcntdq\n"
            + "bugs\t\t: sysret_ss_attrs\n"
            + "\n"
            + "processor\t: 1\n"
            + "model name\t: AMD EPYC 9R14 96-Core Processor\n"
            + "flags\t\t: fpu avx2\n";

    private static final String GRAVITON = "processor\t: 0\n"
            + "BogoMIPS\t: 2100.00\n"
            + "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma"
            + " lrcpc dcpop sha3 sm3 sm4 asimddp sha512 sve asimdfhm dit uscat ilrcpc flagm ssbs paca pacg dcpodp sve2"
            + " sveaes svepmull svebitperm svesha3 svesm4 flagm2 frint svei8mm svebf16 i8mm bf16 dgh rng\n"
            + "CPU implementer\t: 0x41\n";

    @Test
    void theModelIsTheFirstProcessorsModelName() {
        assertEquals("AMD EPYC 9R14 96-Core Processor", Cpu.model(ZEN4));
    }

    @Test
    void withoutAModelNameTheArchitectureStands() {
        assertEquals(System.getProperty("os.arch"), Cpu.model(GRAVITON));
        assertEquals(System.getProperty("os.arch"), Cpu.model(""));
    }

    @Test
    void x86FlagsAreTheVectorOnesAsLinuxSpellsThem() {
        assertEquals(List.of("fma", "sse4_1", "sse4_2", "avx", "f16c", "avx2", "avx512f", "avx512dq", "avx512ifma",
                "avx512cd", "avx512bw", "avx512vl", "avx512_bf16", "avx512vbmi", "avx512_vbmi2", "avx512_vnni",
                "avx512_bitalg", "avx512_vpopcntdq"), Cpu.vectorFlags(ZEN4));
    }

    @Test
    void armFeaturesAreTheSimdAndSveOnes() {
        assertEquals(List.of("asimd", "fphp", "asimdhp", "asimdrdm", "asimddp", "sve", "asimdfhm", "sve2", "sveaes",
                "svepmull", "svebitperm", "svesha3", "svesm4", "svei8mm", "svebf16", "i8mm", "bf16"),
                Cpu.vectorFlags(GRAVITON));
    }

    @Test
    void noFlagsAtAllIsAnEmptyList() {
        assertEquals(List.of(), Cpu.vectorFlags(""));
        assertEquals(List.of(), Cpu.vectorFlags("model name\t: Something\nflags\t\t: fpu vme\n"));
    }
}
