package org.submission.localpostgres;

/**
 * The memory limit of a service's pod (the Deployments' {@code limits.memory}, which
 * {@code quarkus.kubernetes.resources.limits.memory} generates), as a JVM outside a container is told
 * it. The images' options size the heap as a share of the memory the JVM sees (MaxRAMPercentage), so a
 * service started on a bare machine (the launcher, the tests' packaged services) needs the pod's limit
 * to run with the heap it has in a pod. The benchmarks' bash (deploy/bench/common.sh) cannot read a
 * Java constant and carries the same value; JvmOptionsTest holds the three together.
 */
public final class PodMemory {

    public static final int LIMIT_MIB = 320;

    /** The JVM option that makes a bare JVM see {@link #LIMIT_MIB}. */
    public static final String MAX_RAM_OPTION = "-XX:MaxRAM=" + LIMIT_MIB + "m";

    private PodMemory() {
    }
}
