-- The products each policy holds, for the Policyholders tab's Product column (issue 32): a JSON
-- array of product codes, in the order of the policy's covers, written with the read model.
-- Rows saved before this migration are filled in from their application's document by the
-- store's migrate step, so the column is null only until the first start-up after it.
ALTER TABLE policies ADD COLUMN product_types TEXT;
-- The policies still to fill: empty once filled, so looking for them at each start-up reads
-- nothing.
CREATE INDEX policies_products_unfilled ON policies (application_id)
    WHERE product_types IS NULL;
