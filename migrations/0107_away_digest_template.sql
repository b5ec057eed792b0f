-- The e-mail of what a person missed is written from a template staff edit on the admin site
-- (worker/src/features/push/digest.ts). Its {{placeholders}} are filled for each person in their
-- language; the HTML is rendered from this MJML the first time it is needed, and again whenever
-- staff save it. Locked: it cannot be deleted, and a purpose template is never sent as a newsletter.
INSERT OR IGNORE INTO `email_templates` (`subject`, `mjml_text`, `html`, `published_at`, `is_locked`, `purpose`, `created_at`, `updated_at`)
VALUES (
  '{{summary}}',
  '<mjml>
  <mj-body background-color="#f4f4f5">
    <mj-section background-color="#ffffff" padding="24px 16px">
      <mj-column>
        <mj-text font-family="system-ui, sans-serif" font-size="20px" font-weight="700" color="#18181b">{{heading}}</mj-text>
        <mj-text font-family="system-ui, sans-serif" font-size="15px" line-height="1.5" color="#18181b">{{items}}</mj-text>
        <mj-divider border-color="#e4e4e7" border-width="1px" />
        <mj-text font-family="system-ui, sans-serif" font-size="13px" line-height="1.5" color="#52525b">{{settings_link}} · {{unsubscribe_link}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>',
  NULL,
  NULL,
  1,
  'AWAY_DIGEST',
  CAST(strftime('%s', 'now') AS INTEGER) * 1000,
  CAST(strftime('%s', 'now') AS INTEGER) * 1000
);
