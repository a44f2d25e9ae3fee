-- "Watch later" is the built-in list's name (issue 29): a user playlist that took it (the demo seed
-- made one per channel) is renamed, so the Save dialog never shows two lists of that name.
UPDATE "playlists" SET "name" = 'Slow weekend'
WHERE NOT "watch_later" AND lower(regexp_replace("name", '\s', '', 'g')) = 'watchlater';
