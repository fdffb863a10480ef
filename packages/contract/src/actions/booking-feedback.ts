/** spec 000 §2.2: calificate / califications, remark / remarks of an appointment. */
export {};
