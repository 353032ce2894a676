-- mod-inventory-storage's service points users: the service points a staff member works at and their default one,
-- which mod-users-bl expands into the composite user at login (/bl-users). As mod-inventory-storage: one record per
-- user (a second is a 422) and the default service point must exist; the user is not constrained (mod-users is
-- another module in FOLIO, and deleting a user leaves the record).
CREATE TABLE service_points_user (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    user_id uuid NOT NULL,
    default_service_point_id uuid REFERENCES service_point (id),
    service_points_ids uuid[]
);
CREATE UNIQUE INDEX service_points_user_user_id_key ON service_points_user (user_id);
CREATE INDEX service_points_user_default_idx ON service_points_user (default_service_point_id);
-- servicePointsIds=<id> is "the array contains it" (@>), which a GIN index answers.
CREATE INDEX service_points_user_ids_idx ON service_points_user USING gin (service_points_ids);
