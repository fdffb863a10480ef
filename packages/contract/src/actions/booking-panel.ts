/** spec 000 §2.5, §4–§8: the appointment options panel actions (price, confirmation, done, paid, turnbox, ratings, remarks). */
export {};
