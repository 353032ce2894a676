-- Service-point calendars (mod-calendar's /calendar/calendars). The calendar's FOLIO JSON (normal hours,
-- exceptions) is read whole; what is queried — which service points a calendar covers and from when to when —
-- is typed in calendar_assignment, one row per service point, with the calendar's dates copied so that "the
-- calendars of service point X around date D" is one index range scan (check-out runs it inside its transaction).
CREATE TABLE calendar (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    CHECK (start_date <= end_date)
);
CREATE INDEX calendar_start_date_idx ON calendar (start_date, name, id);

CREATE TABLE calendar_assignment (
    calendar_id uuid NOT NULL REFERENCES calendar (id) ON DELETE CASCADE,
    service_point_id uuid NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    PRIMARY KEY (calendar_id, service_point_id)
);
CREATE INDEX calendar_assignment_sp_dates_idx ON calendar_assignment (service_point_id, start_date, end_date);
