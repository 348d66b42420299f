import { m } from "./paraglide/messages.js";

/**
 * Service page, reviews, enquiries and the shortlist: catalogue messages (messages/public/), read
 * when they are said, so a Hindi page says them in Hindi; English (outside a render, as in the
 * tests) is the spec's words.
 */
export const LISTING = {
  get enquiryHeading() {
    return m.public_listing_enquiry_heading();
  },
  get enquirySubmit() {
    return m.public_listing_enquiry_submit();
  },
  enquirySent: (vendor: string) => m.public_listing_enquiry_sent({ vendor }),
  get whatNextHeading() {
    return m.public_listing_what_next_heading();
  },
  /**
   * What a couple is told after sending an enquiry: the vendor is e-mailed the enquiry (without the
   * couple's e-mail address or phone) and answers in the conversation under My enquiries; contact
   * details are shared once the vendor has replied; a quote can be accepted there and becomes a booking.
   */
  whatNext: (vendor: string, reply: string | null) => [
    m.public_listing_what_next_private({ vendor }),
    `${reply ? m.public_listing_what_next_reply_time({ reply }) : ""}${m.public_listing_what_next_replies({ vendor })}`,
    m.public_listing_what_next_booking({ vendor }),
  ],
  get enquiryOpen() {
    return m.public_listing_enquiry_open();
  },
  get loginToEnquire() {
    return m.public_listing_login_to_enquire();
  },
  get loginToReview() {
    return m.public_listing_login_to_review();
  },
  get reviewHeading() {
    return m.public_listing_review_heading();
  },
  get reviewEditHeading() {
    return m.public_listing_review_edit_heading();
  },
  get reviewSubmit() {
    return m.public_listing_review_submit();
  },
  get reviewUpdate() {
    return m.public_listing_review_update();
  },
  get verifiedBooking() {
    return m.public_listing_verified_booking();
  },
  get noReviews() {
    return m.public_listing_no_reviews();
  },
  get vendorReply() {
    return m.public_listing_vendor_reply();
  },
  get addToCart() {
    return m.public_listing_add_to_cart();
  },
  get removeFromCart() {
    return m.public_listing_remove_from_cart();
  },
  get favoriteAdd() {
    return m.public_listing_favorite_add();
  },
  get favoriteRemove() {
    return m.public_listing_favorite_remove();
  },
};
