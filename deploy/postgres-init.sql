-- Run once by the postgres image on an empty data volume (compose.yaml): the servers' login role.
-- `npm run db:roles -- --apply` (the migrate service) gives it its rights and web timeouts.
CREATE ROLE farmfresh_web LOGIN PASSWORD 'web-password';
