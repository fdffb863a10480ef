/** The private calendar (ICS) feed of a professional's appointments. */
export {};
