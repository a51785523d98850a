ALTER TABLE "leagues" ADD COLUMN "join_code" text;--> statement-breakpoint
-- Every league already made gets its short code (decision 173): 8 characters of the alphabet,
-- each from one byte of gen_random_uuid() (the server's strong random source), bytes from 240 up
-- dropped so that each of the 30 characters is as likely; a code already taken is drawn again.
DO $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTVWXYZ';
  league record;
  bytes bytea;
  code text;
  i integer;
BEGIN
  FOR league IN SELECT id FROM leagues WHERE join_code IS NULL LOOP
    LOOP
      code := '';
      WHILE length(code) < 8 LOOP
        bytes := uuid_send(gen_random_uuid());
        -- Bytes 6 and 8 hold the uuid's version and variant bits: not random, skipped.
        FOR i IN 0..15 LOOP
          CONTINUE WHEN i IN (6, 8) OR length(code) >= 8 OR get_byte(bytes, i) >= 240;
          code := code || substr(alphabet, get_byte(bytes, i) % 30 + 1, 1);
        END LOOP;
      END LOOP;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM leagues WHERE join_code = code);
    END LOOP;
    UPDATE leagues SET join_code = code WHERE id = league.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "leagues" ALTER COLUMN "join_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_join_code_unique" UNIQUE("join_code");--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_join_code_shape" CHECK ("leagues"."join_code" ~ '^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$');
