package org.quire.dataexport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SeenIdsTest {
    @Test
    void answersAsAHashSet_throughItsGrowth_andForIdsThatShareHalves() {
        SeenIds seen = new SeenIds();
        Set<UUID> reference = new HashSet<>();
        Random random = new Random(42);
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) ids.add(new UUID(random.nextLong(), random.nextLong()));
        // ids that differ in one half only, and the zero id
        for (int i = 0; i < 1_000; i++) ids.add(new UUID(7, i));
        for (int i = 0; i < 1_000; i++) ids.add(new UUID(i, 7));
        ids.add(new UUID(0, 0));
        for (int round = 0; round < 2; round++) {
            for (UUID id : ids) assertThat(seen.add(id)).as(id.toString()).isEqualTo(reference.add(id));
        }
        assertThat(seen.size()).isEqualTo(reference.size());
    }
}
