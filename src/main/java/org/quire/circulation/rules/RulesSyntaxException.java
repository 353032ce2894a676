package org.quire.circulation.rules;

/** A circulation rules text that cannot be parsed; line and column are 1-based. */
public class RulesSyntaxException extends RuntimeException {
    private final int line;
    private final int column;

    public RulesSyntaxException(String message, int line, int column) {
        super(message);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    @Override
    public String toString() {
        return "RulesSyntaxException: " + getMessage() + " (line " + line + ", column " + column + ")";
    }
}
