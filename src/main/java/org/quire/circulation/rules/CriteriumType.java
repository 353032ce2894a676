package org.quire.circulation.rules;

/** The seven criterium types of a rule line and the fact of {@link RuleCriteria} each one tests. */
enum CriteriumType {
    PATRON_GROUP('g'),
    MATERIAL_TYPE('m'),
    LOAN_TYPE('t'),
    INSTITUTION('a'),
    CAMPUS('b'),
    LIBRARY('c'),
    LOCATION('s');

    private final char letter;

    CriteriumType(char letter) {
        this.letter = letter;
    }

    char letter() {
        return letter;
    }

    /** a, b, c and s form one location hierarchy and count as a single criterium for specificity. */
    boolean isLocation() {
        return this == INSTITUTION || this == CAMPUS || this == LIBRARY || this == LOCATION;
    }

    /** A switch instead of reflection or a map lookup: this runs for every condition of every check. */
    String valueIn(RuleCriteria criteria) {
        return switch (this) {
            case PATRON_GROUP -> criteria.patronGroupId();
            case MATERIAL_TYPE -> criteria.materialTypeId();
            case LOAN_TYPE -> criteria.loanTypeId();
            case INSTITUTION -> criteria.institutionId();
            case CAMPUS -> criteria.campusId();
            case LIBRARY -> criteria.libraryId();
            case LOCATION -> criteria.locationId();
        };
    }

    /** @return the criterium type for the letter, or null if the letter is not a criterium type */
    static CriteriumType ofLetter(char letter) {
        for (CriteriumType type : values()) {
            if (type.letter == letter) {
                return type;
            }
        }
        return null;
    }
}
