-- Creating an application again with the same Idempotency-Key (a browser that got no answer
-- and sent the request again) gives the same reference rather than a second, empty case: the
-- reference is allocated once per caller and key. The owner is kept so the same key sent for
-- another adviser is refused rather than answered with this case.
ALTER TABLE application_ids ADD COLUMN requested_by TEXT;
ALTER TABLE application_ids ADD COLUMN idempotency_key TEXT;
ALTER TABLE application_ids ADD COLUMN owner_id TEXT;
CREATE UNIQUE INDEX application_ids_by_request ON application_ids (requested_by, idempotency_key);
