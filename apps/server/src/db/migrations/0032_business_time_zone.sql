ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- hand-written
-- A business's days are the days of its time zone (docs/payments.md, "Time zone"). Existing businesses get the
-- zone of their country, as new ones do (packages/core/src/country/time-zones.ts holds the same list).
UPDATE "businesses" AS b SET "time_zone" = z.zone FROM (VALUES
  ('ad', 'Europe/Andorra'),
  ('ae', 'Asia/Dubai'),
  ('af', 'Asia/Kabul'),
  ('ag', 'America/Antigua'),
  ('ai', 'America/Anguilla'),
  ('al', 'Europe/Tirane'),
  ('am', 'Asia/Yerevan'),
  ('ao', 'Africa/Luanda'),
  ('aq', 'Antarctica/McMurdo'),
  ('ar', 'America/Argentina/Buenos_Aires'),
  ('as', 'Pacific/Pago_Pago'),
  ('at', 'Europe/Vienna'),
  ('au', 'Australia/Sydney'),
  ('aw', 'America/Aruba'),
  ('ax', 'Europe/Mariehamn'),
  ('az', 'Asia/Baku'),
  ('ba', 'Europe/Sarajevo'),
  ('bb', 'America/Barbados'),
  ('bd', 'Asia/Dhaka'),
  ('be', 'Europe/Brussels'),
  ('bf', 'Africa/Ouagadougou'),
  ('bg', 'Europe/Sofia'),
  ('bh', 'Asia/Bahrain'),
  ('bi', 'Africa/Bujumbura'),
  ('bj', 'Africa/Porto-Novo'),
  ('bl', 'America/St_Barthelemy'),
  ('bm', 'Atlantic/Bermuda'),
  ('bn', 'Asia/Brunei'),
  ('bo', 'America/La_Paz'),
  ('bq', 'America/Kralendijk'),
  ('br', 'America/Sao_Paulo'),
  ('bs', 'America/Nassau'),
  ('bt', 'Asia/Thimphu'),
  ('bv', 'Europe/Oslo'),
  ('bw', 'Africa/Gaborone'),
  ('by', 'Europe/Minsk'),
  ('bz', 'America/Belize'),
  ('ca', 'America/Toronto'),
  ('cc', 'Indian/Cocos'),
  ('cd', 'Africa/Kinshasa'),
  ('cf', 'Africa/Bangui'),
  ('cg', 'Africa/Brazzaville'),
  ('ch', 'Europe/Zurich'),
  ('ci', 'Africa/Abidjan'),
  ('ck', 'Pacific/Rarotonga'),
  ('cl', 'America/Santiago'),
  ('cm', 'Africa/Douala'),
  ('cn', 'Asia/Shanghai'),
  ('co', 'America/Bogota'),
  ('cr', 'America/Costa_Rica'),
  ('cu', 'America/Havana'),
  ('cv', 'Atlantic/Cape_Verde'),
  ('cw', 'America/Curacao'),
  ('cx', 'Indian/Christmas'),
  ('cy', 'Asia/Nicosia'),
  ('cz', 'Europe/Prague'),
  ('de', 'Europe/Berlin'),
  ('dj', 'Africa/Djibouti'),
  ('dk', 'Europe/Copenhagen'),
  ('dm', 'America/Dominica'),
  ('do', 'America/Santo_Domingo'),
  ('dz', 'Africa/Algiers'),
  ('ec', 'America/Guayaquil'),
  ('ee', 'Europe/Tallinn'),
  ('eg', 'Africa/Cairo'),
  ('eh', 'Africa/El_Aaiun'),
  ('er', 'Africa/Asmara'),
  ('es', 'Europe/Madrid'),
  ('et', 'Africa/Addis_Ababa'),
  ('fi', 'Europe/Helsinki'),
  ('fj', 'Pacific/Fiji'),
  ('fk', 'Atlantic/Stanley'),
  ('fm', 'Pacific/Pohnpei'),
  ('fo', 'Atlantic/Faroe'),
  ('fr', 'Europe/Paris'),
  ('ga', 'Africa/Libreville'),
  ('gb', 'Europe/London'),
  ('gd', 'America/Grenada'),
  ('ge', 'Asia/Tbilisi'),
  ('gf', 'America/Cayenne'),
  ('gg', 'Europe/Guernsey'),
  ('gh', 'Africa/Accra'),
  ('gi', 'Europe/Gibraltar'),
  ('gl', 'America/Nuuk'),
  ('gm', 'Africa/Banjul'),
  ('gn', 'Africa/Conakry'),
  ('gp', 'America/Guadeloupe'),
  ('gq', 'Africa/Malabo'),
  ('gr', 'Europe/Athens'),
  ('gs', 'Atlantic/South_Georgia'),
  ('gt', 'America/Guatemala'),
  ('gu', 'Pacific/Guam'),
  ('gw', 'Africa/Bissau'),
  ('gy', 'America/Guyana'),
  ('hk', 'Asia/Hong_Kong'),
  ('hm', 'Indian/Kerguelen'),
  ('hn', 'America/Tegucigalpa'),
  ('hr', 'Europe/Zagreb'),
  ('ht', 'America/Port-au-Prince'),
  ('hu', 'Europe/Budapest'),
  ('id', 'Asia/Jakarta'),
  ('ie', 'Europe/Dublin'),
  ('il', 'Asia/Jerusalem'),
  ('im', 'Europe/Isle_of_Man'),
  ('in', 'Asia/Kolkata'),
  ('io', 'Indian/Chagos'),
  ('iq', 'Asia/Baghdad'),
  ('ir', 'Asia/Tehran'),
  ('is', 'Atlantic/Reykjavik'),
  ('it', 'Europe/Rome'),
  ('je', 'Europe/Jersey'),
  ('jm', 'America/Jamaica'),
  ('jo', 'Asia/Amman'),
  ('jp', 'Asia/Tokyo'),
  ('ke', 'Africa/Nairobi'),
  ('kg', 'Asia/Bishkek'),
  ('kh', 'Asia/Phnom_Penh'),
  ('ki', 'Pacific/Tarawa'),
  ('km', 'Indian/Comoro'),
  ('kn', 'America/St_Kitts'),
  ('kp', 'Asia/Pyongyang'),
  ('kr', 'Asia/Seoul'),
  ('kw', 'Asia/Kuwait'),
  ('ky', 'America/Cayman'),
  ('kz', 'Asia/Almaty'),
  ('la', 'Asia/Vientiane'),
  ('lb', 'Asia/Beirut'),
  ('lc', 'America/St_Lucia'),
  ('li', 'Europe/Vaduz'),
  ('lk', 'Asia/Colombo'),
  ('lr', 'Africa/Monrovia'),
  ('ls', 'Africa/Maseru'),
  ('lt', 'Europe/Vilnius'),
  ('lu', 'Europe/Luxembourg'),
  ('lv', 'Europe/Riga'),
  ('ly', 'Africa/Tripoli'),
  ('ma', 'Africa/Casablanca'),
  ('mc', 'Europe/Monaco'),
  ('md', 'Europe/Chisinau'),
  ('me', 'Europe/Podgorica'),
  ('mf', 'America/Marigot'),
  ('mg', 'Indian/Antananarivo'),
  ('mh', 'Pacific/Majuro'),
  ('mk', 'Europe/Skopje'),
  ('ml', 'Africa/Bamako'),
  ('mm', 'Asia/Yangon'),
  ('mn', 'Asia/Ulaanbaatar'),
  ('mo', 'Asia/Macau'),
  ('mp', 'Pacific/Saipan'),
  ('mq', 'America/Martinique'),
  ('mr', 'Africa/Nouakchott'),
  ('ms', 'America/Montserrat'),
  ('mt', 'Europe/Malta'),
  ('mu', 'Indian/Mauritius'),
  ('mv', 'Indian/Maldives'),
  ('mw', 'Africa/Blantyre'),
  ('mx', 'America/Mexico_City'),
  ('my', 'Asia/Kuala_Lumpur'),
  ('mz', 'Africa/Maputo'),
  ('na', 'Africa/Windhoek'),
  ('nc', 'Pacific/Noumea'),
  ('ne', 'Africa/Niamey'),
  ('nf', 'Pacific/Norfolk'),
  ('ng', 'Africa/Lagos'),
  ('ni', 'America/Managua'),
  ('nl', 'Europe/Amsterdam'),
  ('no', 'Europe/Oslo'),
  ('np', 'Asia/Kathmandu'),
  ('nr', 'Pacific/Nauru'),
  ('nu', 'Pacific/Niue'),
  ('nz', 'Pacific/Auckland'),
  ('om', 'Asia/Muscat'),
  ('pa', 'America/Panama'),
  ('pe', 'America/Lima'),
  ('pf', 'Pacific/Tahiti'),
  ('pg', 'Pacific/Port_Moresby'),
  ('ph', 'Asia/Manila'),
  ('pk', 'Asia/Karachi'),
  ('pl', 'Europe/Warsaw'),
  ('pm', 'America/Miquelon'),
  ('pn', 'Pacific/Pitcairn'),
  ('pr', 'America/Puerto_Rico'),
  ('ps', 'Asia/Gaza'),
  ('pt', 'Europe/Lisbon'),
  ('pw', 'Pacific/Palau'),
  ('py', 'America/Asuncion'),
  ('qa', 'Asia/Qatar'),
  ('re', 'Indian/Reunion'),
  ('ro', 'Europe/Bucharest'),
  ('rs', 'Europe/Belgrade'),
  ('ru', 'Europe/Moscow'),
  ('rw', 'Africa/Kigali'),
  ('sa', 'Asia/Riyadh'),
  ('sb', 'Pacific/Guadalcanal'),
  ('sc', 'Indian/Mahe'),
  ('sd', 'Africa/Khartoum'),
  ('se', 'Europe/Stockholm'),
  ('sg', 'Asia/Singapore'),
  ('sh', 'Atlantic/St_Helena'),
  ('si', 'Europe/Ljubljana'),
  ('sj', 'Arctic/Longyearbyen'),
  ('sk', 'Europe/Bratislava'),
  ('sl', 'Africa/Freetown'),
  ('sm', 'Europe/San_Marino'),
  ('sn', 'Africa/Dakar'),
  ('so', 'Africa/Mogadishu'),
  ('sr', 'America/Paramaribo'),
  ('ss', 'Africa/Juba'),
  ('st', 'Africa/Sao_Tome'),
  ('sv', 'America/El_Salvador'),
  ('sx', 'America/Lower_Princes'),
  ('sy', 'Asia/Damascus'),
  ('sz', 'Africa/Mbabane'),
  ('tc', 'America/Grand_Turk'),
  ('td', 'Africa/Ndjamena'),
  ('tf', 'Indian/Kerguelen'),
  ('tg', 'Africa/Lome'),
  ('th', 'Asia/Bangkok'),
  ('tj', 'Asia/Dushanbe'),
  ('tk', 'Pacific/Fakaofo'),
  ('tl', 'Asia/Dili'),
  ('tm', 'Asia/Ashgabat'),
  ('tn', 'Africa/Tunis'),
  ('to', 'Pacific/Tongatapu'),
  ('tr', 'Europe/Istanbul'),
  ('tt', 'America/Port_of_Spain'),
  ('tv', 'Pacific/Funafuti'),
  ('tw', 'Asia/Taipei'),
  ('tz', 'Africa/Dar_es_Salaam'),
  ('ua', 'Europe/Kiev'),
  ('ug', 'Africa/Kampala'),
  ('um', 'Pacific/Midway'),
  ('us', 'America/New_York'),
  ('uy', 'America/Montevideo'),
  ('uz', 'Asia/Tashkent'),
  ('va', 'Europe/Vatican'),
  ('vc', 'America/St_Vincent'),
  ('ve', 'America/Caracas'),
  ('vg', 'America/Tortola'),
  ('vi', 'America/St_Thomas'),
  ('vn', 'Asia/Ho_Chi_Minh'),
  ('vu', 'Pacific/Efate'),
  ('wf', 'Pacific/Wallis'),
  ('ws', 'Pacific/Apia'),
  ('xk', 'Europe/Belgrade'),
  ('ye', 'Asia/Aden'),
  ('yt', 'Indian/Mayotte'),
  ('za', 'Africa/Johannesburg'),
  ('zm', 'Africa/Lusaka'),
  ('zw', 'Africa/Harare')
) AS z(country, zone) WHERE b.country = z.country;--> statement-breakpoint
-- The Overview's rollup is keyed by the business's local day: the trigger reads the zone of the payment's
-- business, with a key-share lock that a change of the zone (which locks the business row for update, as
-- business details do) waits for, so every payment is counted under the zone it was committed with and the
-- rebuild below sees it.
CREATE OR REPLACE FUNCTION payments_daily_apply() RETURNS trigger AS $$
DECLARE
  sign integer;
  r payments%ROWTYPE;
  s smallint := (txid_current() % 16)::smallint;
  zone text;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.amount, OLD.fee, OLD.net, OLD.currency, OLD.method, OLD.source_type, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.status, NEW.amount, NEW.fee, NEW.net, NEW.currency, NEW.method, NEW.source_type, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  SELECT time_zone INTO zone FROM businesses WHERE id = NEW.business_id FOR KEY SHARE;
  FOR step IN 1..2 LOOP
    IF step = 1 THEN
      CONTINUE WHEN TG_OP <> 'UPDATE';
      r := OLD;
      sign := -1;
    ELSE
      r := NEW;
      sign := 1;
    END IF;
    CONTINUE WHEN r.status NOT IN ('succeeded', 'partially_refunded', 'refunded', 'failed');
    INSERT INTO payments_daily AS d (business_id, day, currency, method, source_type, slot, captured, gross, fee, net, failed)
    VALUES (r.business_id, (r.created_at AT TIME ZONE zone)::date, r.currency, r.method, r.source_type, s,
            CASE WHEN r.status = 'failed' THEN 0 ELSE sign END,
            CASE WHEN r.status = 'failed' THEN 0 ELSE sign * r.amount END,
            CASE WHEN r.status = 'failed' THEN 0 ELSE sign * r.fee END,
            CASE WHEN r.status = 'failed' THEN 0 ELSE sign * r.net END,
            CASE WHEN r.status = 'failed' THEN sign ELSE 0 END)
    ON CONFLICT ON CONSTRAINT payments_daily_key DO UPDATE SET
      captured = d.captured + excluded.captured, gross = d.gross + excluded.gross, fee = d.fee + excluded.fee,
      net = d.net + excluded.net, failed = d.failed + excluded.failed;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A business's rollup rows, rebuilt from its payments in the local days of its zone (all in slot 0).
CREATE OR REPLACE FUNCTION payments_daily_rebuild(business uuid) RETURNS void AS $$
BEGIN
  DELETE FROM payments_daily WHERE business_id = business;
  INSERT INTO payments_daily (business_id, day, currency, method, source_type, captured, gross, fee, net, failed)
  SELECT p.business_id, (p.created_at AT TIME ZONE b.time_zone)::date, p.currency, p.method, p.source_type,
         count(*) FILTER (WHERE p.status <> 'failed'), coalesce(sum(p.amount) FILTER (WHERE p.status <> 'failed'), 0),
         coalesce(sum(p.fee) FILTER (WHERE p.status <> 'failed'), 0), coalesce(sum(p.net) FILTER (WHERE p.status <> 'failed'), 0),
         count(*) FILTER (WHERE p.status = 'failed')
  FROM payments p JOIN businesses b ON b.id = p.business_id
  WHERE p.business_id = business AND p.status IN ('succeeded', 'partially_refunded', 'refunded', 'failed')
  GROUP BY 1, 2, 3, 4, 5;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A change of a business's zone moves its payments to the days of the new zone, in the same transaction.
CREATE OR REPLACE FUNCTION businesses_time_zone_changed() RETURNS trigger AS $$
BEGIN
  -- Waits for the transactions whose payments were counted under the old zone (their key-share locks).
  PERFORM 1 FROM businesses WHERE id = NEW.id FOR UPDATE;
  PERFORM payments_daily_rebuild(NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER businesses_time_zone_rollup AFTER UPDATE OF time_zone ON businesses
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION businesses_time_zone_changed();--> statement-breakpoint
-- The rows written so far are UTC days: every business's are rebuilt in its own zone.
SELECT payments_daily_rebuild(id) FROM businesses WHERE time_zone <> 'UTC';
