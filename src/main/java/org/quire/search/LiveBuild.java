package org.quire.search;

import java.util.List;
import java.util.function.Function;

/**
 * An instance index that a live reindex ({@link LiveReindex}) can rebuild while it serves: a new index built beside
 * the live one from the rows, page by page, both receiving the outbox's writes, then swapped in. The embedded engine
 * builds a new generation ({@link LiveInstanceIndex}); OpenSearch a new index behind its alias ({@link OpenSearchIndex}).
 */
interface LiveBuild {
    /** Whether a build (begun now or, on the embedded engine, before a crash) is attached. */
    boolean building();

    /** Attaches a new index to build, or keeps one a crash interrupted: the last id it holds (null: from the first). */
    String startBuild();

    /**
     * Reads the page after {@code after} and adds it to the new index, atomically with respect to mirrored writes (a
     * page never overwrites a newer write); makes the progress durable when {@code commit}, where the engine can.
     */
    List<InstanceDocument> addPage(String after, Function<String, List<InstanceDocument>> read, boolean commit);

    /** Makes the new index the live one; searches in flight finish on the old one, which is then deleted. */
    void swap();

    /** The documents the new index holds so far (a resumed build counts its committed pages as done). */
    long builtCount();

    /** Whether the server closed the index (a build stopping then is not a failure). */
    boolean closed();

    /** Drops a failed build: the live index stays as it was. */
    void abandonBuild();
}
