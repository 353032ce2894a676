package org.quire.platform.events;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.UUID;

/**
 * One delivered outbox entry. {@code id} increases per tenant, so consumers can de-duplicate by it. {@code writtenBy}
 * is the PostgreSQL transaction id of the entry's row (its {@code xmin}: the write's transaction, unless a restart
 * re-queued the entry), so that a consumer can tell which rows that same transaction wrote (their {@code xmin} too).
 */
public record Event(String tenant, long id, String topic, UUID recordId, ObjectNode payload, long writtenBy) {
}
