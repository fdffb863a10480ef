/** spec 000 §2.2, §3, §4; 002 §4–§5: the booking flow (temporary booking, cart, finalisation, coupons, reschedule, cancel). */
export {};
