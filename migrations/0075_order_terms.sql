-- Issue 28, items 6 and 7: a gateway order is an offer on fixed terms for a limited time, and a
-- couple has at most one open order per design.
-- The plan's terms as they were when the order was opened: its length and name (the price is
-- payments.amount). Crediting uses these, never the plan as an admin may have changed it since.
ALTER TABLE subscriptions ADD COLUMN duration_days INTEGER;
ALTER TABLE subscriptions ADD COLUMN plan_name TEXT;
UPDATE subscriptions
   SET duration_days = (SELECT p.duration_days FROM plans p WHERE p.id = subscriptions.plan_id),
       plan_name = (SELECT p.name FROM plans p WHERE p.id = subscriptions.plan_id);

-- One open (pending) order per couple and design: older duplicates made before this rule are
-- closed (their payments, if one still arrives, are credited or recorded for a refund as before).
UPDATE template_purchases
   SET order_status = 'failed', payment_status = 'failed'
 WHERE order_status = 'pending'
   AND EXISTS (SELECT 1 FROM template_purchases n
                WHERE n.user_id = template_purchases.user_id AND n.template_id = template_purchases.template_id
                  AND n.order_status = 'pending'
                  AND (n.created_at > template_purchases.created_at OR (n.created_at = template_purchases.created_at AND n.id > template_purchases.id)));
CREATE UNIQUE INDEX template_purchases_open_unique ON template_purchases (user_id, template_id) WHERE order_status = 'pending';
