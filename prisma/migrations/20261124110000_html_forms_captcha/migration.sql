-- Issue 15 (DESIGN.md section 11): HTML form posts, captcha and the spam folder.

-- A link may take application/x-www-form-urlencoded and multipart/form-data and answer a browser with a 303.
ALTER TABLE capture_links ADD COLUMN accept_forms BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE capture_links ADD COLUMN success_url TEXT;
ALTER TABLE capture_links ADD COLUMN error_url TEXT;

-- Captcha: the provider ('turnstile', 'hcaptcha', 'recaptcha'), its secret, reCAPTCHA v3's score threshold and
-- what to do when the provider cannot be reached (false: 503 captcha_unavailable; true: accept and mark the lead).
ALTER TABLE capture_links ADD COLUMN captcha_provider TEXT;
ALTER TABLE capture_links ADD COLUMN captcha_secret TEXT;
ALTER TABLE capture_links ADD COLUMN captcha_min_score DOUBLE PRECISION;
ALTER TABLE capture_links ADD COLUMN captcha_accept_on_outage BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE capture_links ADD CONSTRAINT capture_links_captcha_provider_check
  CHECK (captcha_provider IS NULL OR captcha_provider IN ('turnstile', 'hcaptcha', 'recaptcha'));

-- "Not spam": when an admin released a spam entry (it then points at the lead it became).
ALTER TABLE submissions ADD COLUMN released_at TIMESTAMPTZ(3);
