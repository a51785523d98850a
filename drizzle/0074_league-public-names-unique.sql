-- Public league names are unique apart from case, accents and runs of spaces (docs/decisions/154).
-- Existing copies keep the oldest league's name; each later copy gets its id's first 8 characters.
UPDATE "leagues" SET "name" = left("leagues"."name", 31) || ' ' || left("leagues"."id"::text, 8)
FROM (
	SELECT "id", row_number() OVER (
		PARTITION BY lower(regexp_replace(regexp_replace(normalize("name", NFKD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'), '\s+', ' ', 'g'))
		ORDER BY "created_at", "id"
	) AS "copy"
	FROM "leagues"
	WHERE "visibility" = 'public'
) AS "copies"
WHERE "copies"."id" = "leagues"."id" AND "copies"."copy" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_public_name_unique" ON "leagues" USING btree (lower(regexp_replace(regexp_replace(normalize("name", NFKD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'), '\s+', ' ', 'g'))) WHERE "leagues"."visibility" = 'public';
