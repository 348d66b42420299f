-- Issue 30: the sandbox gateway's checkout takes netbanking as people in India pay; a netbanking
-- payment names its bank (Razorpay's payment entity: bank, e.g. "HDFC").
ALTER TABLE `sandbox_gateway_payments` ADD `bank` text;
