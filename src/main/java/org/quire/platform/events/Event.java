package org.quire.platform.events;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.UUID;

/** One delivered outbox entry. {@code id} increases per tenant, so consumers can de-duplicate by it. */
public record Event(String tenant, long id, String topic, UUID recordId, ObjectNode payload) {
}
