CREATE TABLE "page_view_days" (
	"day" date PRIMARY KEY NOT NULL,
	"keys" integer DEFAULT 0 NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Counts written before the cap (lib/analytics/page-views-store.ts, default 1,000 keys with a referring
-- host or a tag a day): past the 1,000 most viewed keys of a day, the rest are folded into their page's
-- "other" key, as the writer now counts them.
WITH ranked AS (
  SELECT day, path, referrer_host, source, medium, campaign,
    row_number() OVER (PARTITION BY day ORDER BY views DESC, path, referrer_host, source, medium, campaign) AS seq
  FROM "page_views"
  WHERE (referrer_host, source, medium, campaign) NOT IN (('', '', '', ''), ('(other)', '(other)', '(other)', '(other)'))
), gone AS (
  DELETE FROM "page_views" v USING ranked r
  WHERE r.seq > 1000 AND v.day = r.day AND v.path = r.path AND v.referrer_host = r.referrer_host AND v.source = r.source AND v.medium = r.medium AND v.campaign = r.campaign
  RETURNING v.day, v.path, v.views
)
INSERT INTO "page_views" (day, path, referrer_host, source, medium, campaign, views)
SELECT day, path, '(other)', '(other)', '(other)', '(other)', sum(views)::int FROM gone GROUP BY 1, 2
ON CONFLICT (day, path, referrer_host, source, medium, campaign) DO UPDATE SET views = "page_views".views + excluded.views;
--> statement-breakpoint
INSERT INTO "page_view_days" (day, keys)
SELECT day, count(*)::int FROM "page_views"
WHERE (referrer_host, source, medium, campaign) NOT IN (('', '', '', ''), ('(other)', '(other)', '(other)', '(other)'))
GROUP BY day;
