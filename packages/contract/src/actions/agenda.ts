/** spec 000 §2.2, §2.5, §7: the agenda (my-tools), booking lists, manual appointments, recurring series, QR, calendar feed. */
export {};
