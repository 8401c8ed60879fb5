-- The captcha widget's public site key (DESIGN.md section 12): what the hosted form renders the provider's
-- widget with. The secret stays on the server; the site key is public by design.
ALTER TABLE capture_links ADD COLUMN captcha_site_key TEXT;
