package org.quire.circulation.rules;

/** The five policy types a circulation rule can assign, with their letter in the rules text. */
public enum PolicyType {
    LOAN('l'),
    REQUEST('r'),
    NOTICE('n'),
    OVERDUE_FINE('o'),
    LOST_ITEM('i');

    private final char letter;

    PolicyType(char letter) {
        this.letter = letter;
    }

    public char letter() {
        return letter;
    }

    /** @return the policy type for the letter, or null if the letter is not a policy type */
    static PolicyType ofLetter(char letter) {
        for (PolicyType type : values()) {
            if (type.letter == letter) {
                return type;
            }
        }
        return null;
    }
}
