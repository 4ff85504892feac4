ALTER TABLE "business_warnings" ADD COLUMN "cta_permission" text;--> statement-breakpoint
-- The one warning with an action so far: verification asks for changes, which only who may view verification makes.
UPDATE "business_warnings" SET "cta_permission" = 'verification:view' WHERE "cta_title" = 'Update the questionnaire';
