package org.quire.platform.cql;

/** A node of a parsed CQL query: either a boolean combination or a single search clause. */
public sealed interface CqlNode permits CqlBoolean, CqlClause {}
