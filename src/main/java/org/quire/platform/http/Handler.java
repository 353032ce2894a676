package org.quire.platform.http;

@FunctionalInterface
public interface Handler {
    Response handle(Request request) throws Exception;
}
