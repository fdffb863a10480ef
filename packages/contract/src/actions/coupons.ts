/** my-coupons: the professional's coupons (percent or amount, validity dates, usage limit). */
export {};
