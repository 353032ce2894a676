package org.quire.bench;

import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The segments of a tenant's instance index at its last commit, read from the files (no lock: a server may hold the
 * index open). A search visits every segment, so two indexes of the same documents can answer at different costs;
 * the search report states the server's and the floor's counts so that two runs can be compared on that too.
 */
record IndexSegments(int count, int docs, int deleted, List<Long> bytes) {

    /**
     * The tenant's instance index under {@code <search dir>/<tenant>/}: its generation written last (the live one on a
     * bench's fresh server, where no reindex is left half done), or null.
     */
    static IndexSegments of(Path searchDir, String tenant) {
        Path tenantDir = searchDir.resolve(tenant);
        if (!Files.isDirectory(tenantDir)) return null;
        try (Stream<Path> dirs = Files.list(tenantDir)) {
            Path newest = dirs.filter(d -> d.getFileName().toString().startsWith("instance") && Files.isDirectory(d))
                    .max(Comparator.comparing(IndexSegments::modified)).orElse(null);
            return newest == null ? null : read(newest);
        } catch (IOException e) {
            return null; // a report line, not a reason to fail the bench
        }
    }

    private static IndexSegments read(Path dir) throws IOException {
        try (FSDirectory d = FSDirectory.open(dir)) {
            SegmentInfos infos = SegmentInfos.readLatestCommit(d);
            int docs = 0, deleted = 0;
            List<Long> bytes = new ArrayList<>();
            for (SegmentCommitInfo s : infos) {
                docs += s.info.maxDoc();
                deleted += s.getDelCount() + s.getSoftDelCount();
                bytes.add(s.sizeInBytes());
            }
            bytes.sort(Comparator.reverseOrder());
            return new IndexSegments(infos.size(), docs, deleted, List.copyOf(bytes));
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** E.g. "14 segments, 50,000 documents (312 deleted), MiB: 80.1, 40.3, 2.0 …". */
    String describe() {
        StringBuilder sizes = new StringBuilder();
        for (long b : bytes) {
            sizes.append(sizes.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%.1f", b / 1048576.0));
        }
        return String.format(Locale.ROOT, "%d segments, %,d documents (%,d deleted), sizes in MiB: %s", count, docs,
                deleted, sizes);
    }
}
