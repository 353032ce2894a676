package org.quire.sip2;

/** A SIP2 operation refused for a reason the terminal shows (AF) in the message's negative response. */
final class Sip2Refusal extends RuntimeException {
    Sip2Refusal(String message) {
        super(message, null, false, false);
    }
}
