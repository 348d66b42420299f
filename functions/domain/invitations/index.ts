/**
 * Invitations: the template gallery, buying a paid design, the couple's cards and the editor's
 * assets, and published e-invites with their public requests.
 *
 * The e-invite, one job a file: invite-publishing.ts (publish a card, take it down),
 * invitation-view.ts (the invitation as guests see it), invite-requests.ts (a guest asks to come),
 * request-decisions.ts (the couple approves or declines), invite-inputs.ts (what they may send);
 * invite-records.ts holds what they share.
 *
 * The couple's cards, one job a file: card-views.ts (one card, the list), card-writes.ts (create, save
 * with compare-and-set, duplicate, delete), card-details.ts (the couple's details on a card),
 * card-preview.ts (the rendered image), card-export.ts (PNG or PDF), card-inputs.ts; card-records.ts
 * holds what they share.
 *
 * The template gallery, one job a file: template-gallery.ts (the list, its tags), template-detail.ts
 * (one template), watch-history.ts, template-admin.ts (admins manage them), template-thumbnails.ts;
 * template-records.ts holds what they share. template-access.ts says who may use a template;
 * template-purchases.ts sells the paid ones, purchase-history.ts lists what a couple paid (the
 * Payments page); editor-assets.ts holds the editor's uploads.
 *
 * This file is the area's only face: code outside functions/domain/invitations/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { draftFromTemplate } from "./card-details.ts";
export { EXPORT_MAX_BYTES, exportCard } from "./card-export.ts";
export { createCardInput, updateCardInput } from "./card-inputs.ts";
export { setCardPreview } from "./card-preview.ts";
export { CARD_MESSAGES, CARDS_MAX, type CardSummary, PREVIEW_MAX_BYTES, usableTemplate } from "./card-records.ts";
export { cardsView, getCard, getCardWithDetails, listCards } from "./card-views.ts";
export { createCard, deleteCard, duplicateCard, StaleCard, updateCard } from "./card-writes.ts";
export {
  ASSETS_MAX,
  deleteAssetInput,
  deleteEditorAsset,
  type EditorAsset,
  listAssetsQuery,
  listEditorAssets,
  registerAssetsInput,
  registerEditorAssets,
} from "./editor-assets.ts";
export {
  type Invitation,
  invitationBySlug,
  type InvitationFunction,
  inviteDate,
  ownInvitation,
  personalInvitation,
  previewInvitation,
} from "./invitation-view.ts";
export { inviteRequestInput, publishInput } from "./invite-inputs.ts";
export { cardsToPublish, publishCard, unpublishCard } from "./invite-publishing.ts";
export { requestInvite } from "./invite-requests.ts";
export { approveRequest, declineRequest, listRequests } from "./request-decisions.ts";
export { COUPLE_PAYMENTS_MAX, type CouplePayment, couplePayments, PURCHASE_NOTES } from "./purchase-history.ts";
export { canUseTemplate } from "./template-access.ts";
export { adminTemplates, createTemplate, deleteTemplate, setTemplateStatus, updateTemplate } from "./template-admin.ts";
export { getTemplate } from "./template-detail.ts";
export { galleryTags, listTemplates, type TemplateList } from "./template-gallery.ts";
export { createTemplateOrder, TEMPLATE_PURCHASE_MESSAGES, templateForPurchase, templateOrderOutcome, templatePaymentStatus } from "./template-purchases.ts";
export { templatePurpose } from "./template-purpose.ts";
export { type AdminTemplate, TEMPLATE_MESSAGES, type TemplateSummary } from "./template-records.ts";
export { setTemplateThumbnail, THUMBNAIL_MAX_BYTES, THUMBNAIL_WIDTH } from "./template-thumbnails.ts";
export { recordTemplateView, type WatchedTemplate, watchHistory } from "./watch-history.ts";
