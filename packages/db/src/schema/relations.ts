import { relations } from 'drizzle-orm';
import { followInvitations, partnerCompanies, partnerCompanyCategories, partnerCompanyFollowers, partnerCompanyManagers, accountDecisions, customWorkplaces, refreshTokenFamilies, refreshTokens, roles, userInfo, userRoles, userSpecialties, users } from './accounts';
import { courseSpecialties, courseSubscriptions, courseViewRecords, courses } from './courses';
import { userFollows } from './follows';
import { jobSpecialties, jobViews, jobs } from './jobs';
import { audioTracks, videos } from './media';
import { notifications } from './notifications';
import {
  petitionAttachments,
  petitionBookmarks,
  petitionCoAuthors,
  petitionPressReleaseCoAuthors,
  petitionPressReleases,
  petitionSignatures,
  petitionSpecialties,
  petitions,
} from './petitions';
import { postAttachments, postComments, postLikes, posts } from './posts';
import { productImages, productViews, products } from './products';
import { educations, professionalExperiences } from './professional';
import {
  academicLevels,
  categories,
  cities,
  clinics,
  counties,
  hospitalClinicDepartments,
  hospitalClinics,
  hospitals,
  jobCategories,
  specialties,
  universities,
  universitySpecialties,
  workplaceSituations,
} from './reference';

// Kept in one file: relation objects are built at import time, and the table files import each other.

export const usersRelations = relations(users, ({ one, many }) => ({
  info: one(userInfo, { fields: [users.id], references: [userInfo.user_id] }),
  specialties: many(userSpecialties),
  roles: many(userRoles),
  managedCompanies: many(partnerCompanyManagers),
  experiences: many(professionalExperiences),
  educations: many(educations),
  refreshTokenFamilies: many(refreshTokenFamilies),
}));

export const userInfoRelations = relations(userInfo, ({ one }) => ({
  user: one(users, { fields: [userInfo.user_id], references: [users.id] }),
  county: one(counties, { fields: [userInfo.county_id], references: [counties.id] }),
  city: one(cities, { fields: [userInfo.city_id], references: [cities.id] }),
  workplaceSituation: one(workplaceSituations, {
    fields: [userInfo.workplace_situation_id],
    references: [workplaceSituations.id],
  }),
  workplaceHospital: one(hospitals, { fields: [userInfo.workplace_hospital_id], references: [hospitals.id] }),
  workplaceClinic: one(clinics, { fields: [userInfo.workplace_clinic_id], references: [clinics.id] }),
  workplaceCustom: one(customWorkplaces, {
    fields: [userInfo.workplace_custom_id],
    references: [customWorkplaces.id],
  }),
  workplacePartnerCompany: one(partnerCompanies, {
    fields: [userInfo.workplace_partner_company_id],
    references: [partnerCompanies.id],
  }),
}));

export const userSpecialtiesRelations = relations(userSpecialties, ({ one }) => ({
  user: one(users, { fields: [userSpecialties.user_id], references: [users.id] }),
  specialty: one(specialties, { fields: [userSpecialties.specialty_id], references: [specialties.id] }),
}));

export const rolesRelations = relations(roles, ({ many }) => ({ users: many(userRoles) }));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.user_id], references: [users.id] }),
  role: one(roles, { fields: [userRoles.role_id], references: [roles.id] }),
}));

export const refreshTokenFamiliesRelations = relations(refreshTokenFamilies, ({ one, many }) => ({
  user: one(users, { fields: [refreshTokenFamilies.user_id], references: [users.id] }),
  activePartnerCompany: one(partnerCompanies, {
    fields: [refreshTokenFamilies.active_partner_company_id],
    references: [partnerCompanies.id],
  }),
  tokens: many(refreshTokens),
}));

export const refreshTokensRelations = relations(refreshTokens, ({ one }) => ({
  family: one(refreshTokenFamilies, {
    fields: [refreshTokens.family_id],
    references: [refreshTokenFamilies.id],
  }),
}));

export const accountDecisionsRelations = relations(accountDecisions, ({ one }) => ({
  user: one(users, {
    fields: [accountDecisions.user_id],
    references: [users.id],
    relationName: 'decision_user',
  }),
  admin: one(users, {
    fields: [accountDecisions.admin_user_id],
    references: [users.id],
    relationName: 'decision_admin',
  }),
}));

export const professionalExperiencesRelations = relations(professionalExperiences, ({ one }) => ({
  user: one(users, { fields: [professionalExperiences.user_id], references: [users.id] }),
  hospital: one(hospitals, { fields: [professionalExperiences.hospital_id], references: [hospitals.id] }),
  hospitalClinic: one(hospitalClinics, {
    fields: [professionalExperiences.hospital_clinic_id],
    references: [hospitalClinics.id],
  }),
  department: one(hospitalClinicDepartments, {
    fields: [professionalExperiences.department_id],
    references: [hospitalClinicDepartments.id],
  }),
  city: one(cities, { fields: [professionalExperiences.city_id], references: [cities.id] }),
  clinic: one(clinics, { fields: [professionalExperiences.clinic_id], references: [clinics.id] }),
  customWorkplace: one(customWorkplaces, {
    fields: [professionalExperiences.custom_workplace_id],
    references: [customWorkplaces.id],
  }),
}));

export const educationsRelations = relations(educations, ({ one }) => ({
  user: one(users, { fields: [educations.user_id], references: [users.id] }),
  university: one(universities, { fields: [educations.university_id], references: [universities.id] }),
  universitySpecialty: one(universitySpecialties, {
    fields: [educations.university_specialty_id],
    references: [universitySpecialties.id],
  }),
  academicLevel: one(academicLevels, {
    fields: [educations.academic_level_id],
    references: [academicLevels.id],
  }),
}));

export const partnerCompaniesRelations = relations(partnerCompanies, ({ one, many }) => ({
  city: one(cities, { fields: [partnerCompanies.city_id], references: [cities.id] }),
  categories: many(partnerCompanyCategories),
  managers: many(partnerCompanyManagers),
  followers: many(partnerCompanyFollowers),
  invitations: many(followInvitations),
  posts: many(posts),
}));

export const partnerCompanyCategoriesRelations = relations(partnerCompanyCategories, ({ one }) => ({
  partnerCompany: one(partnerCompanies, {
    fields: [partnerCompanyCategories.partner_company_id],
    references: [partnerCompanies.id],
  }),
  category: one(categories, { fields: [partnerCompanyCategories.category_id], references: [categories.id] }),
}));

export const partnerCompanyManagersRelations = relations(partnerCompanyManagers, ({ one }) => ({
  partnerCompany: one(partnerCompanies, {
    fields: [partnerCompanyManagers.partner_company_id],
    references: [partnerCompanies.id],
  }),
  user: one(users, { fields: [partnerCompanyManagers.user_id], references: [users.id] }),
}));

export const partnerCompanyFollowersRelations = relations(partnerCompanyFollowers, ({ one }) => ({
  partnerCompany: one(partnerCompanies, {
    fields: [partnerCompanyFollowers.partner_company_id],
    references: [partnerCompanies.id],
  }),
  user: one(users, { fields: [partnerCompanyFollowers.user_id], references: [users.id] }),
}));

export const followInvitationsRelations = relations(followInvitations, ({ one }) => ({
  partnerCompany: one(partnerCompanies, {
    fields: [followInvitations.partner_company_id],
    references: [partnerCompanies.id],
  }),
  invitedUser: one(users, {
    fields: [followInvitations.invited_user_id],
    references: [users.id],
    relationName: 'invitation_invited',
  }),
  invitedBy: one(users, {
    fields: [followInvitations.invited_by_user_id],
    references: [users.id],
    relationName: 'invitation_inviter',
  }),
}));

export const userFollowsRelations = relations(userFollows, ({ one }) => ({
  follower: one(users, {
    fields: [userFollows.follower_id],
    references: [users.id],
    relationName: 'follow_follower',
  }),
  followed: one(users, {
    fields: [userFollows.followed_user_id],
    references: [users.id],
    relationName: 'follow_followed',
  }),
}));

export const coursesRelations = relations(courses, ({ one, many }) => ({
  owner: one(users, { fields: [courses.user_id], references: [users.id] }),
  partnerCompany: one(partnerCompanies, {
    fields: [courses.partner_company_id],
    references: [partnerCompanies.id],
  }),
  category: one(categories, { fields: [courses.category_id], references: [categories.id] }),
  county: one(counties, { fields: [courses.county_id], references: [counties.id] }),
  city: one(cities, { fields: [courses.city_id], references: [cities.id] }),
  specialties: many(courseSpecialties),
  subscriptions: many(courseSubscriptions),
  viewRecords: many(courseViewRecords),
}));

export const courseSpecialtiesRelations = relations(courseSpecialties, ({ one }) => ({
  course: one(courses, { fields: [courseSpecialties.course_id], references: [courses.id] }),
  specialty: one(specialties, { fields: [courseSpecialties.specialty_id], references: [specialties.id] }),
}));

export const courseSubscriptionsRelations = relations(courseSubscriptions, ({ one }) => ({
  course: one(courses, { fields: [courseSubscriptions.course_id], references: [courses.id] }),
  user: one(users, { fields: [courseSubscriptions.user_id], references: [users.id] }),
}));

export const courseViewRecordsRelations = relations(courseViewRecords, ({ one }) => ({
  course: one(courses, { fields: [courseViewRecords.course_id], references: [courses.id] }),
  user: one(users, { fields: [courseViewRecords.user_id], references: [users.id] }),
}));

export const jobsRelations = relations(jobs, ({ one, many }) => ({
  owner: one(users, { fields: [jobs.user_id], references: [users.id] }),
  partnerCompany: one(partnerCompanies, {
    fields: [jobs.partner_company_id],
    references: [partnerCompanies.id],
  }),
  jobCategory: one(jobCategories, { fields: [jobs.job_category_id], references: [jobCategories.id] }),
  county: one(counties, { fields: [jobs.county_id], references: [counties.id] }),
  city: one(cities, { fields: [jobs.city_id], references: [cities.id] }),
  hospital: one(hospitals, { fields: [jobs.hospital_id], references: [hospitals.id] }),
  clinic: one(clinics, { fields: [jobs.clinic_id], references: [clinics.id] }),
  specialties: many(jobSpecialties),
  views: many(jobViews),
}));

export const jobSpecialtiesRelations = relations(jobSpecialties, ({ one }) => ({
  job: one(jobs, { fields: [jobSpecialties.job_id], references: [jobs.id] }),
  specialty: one(specialties, { fields: [jobSpecialties.specialty_id], references: [specialties.id] }),
}));

export const jobViewsRelations = relations(jobViews, ({ one }) => ({
  job: one(jobs, { fields: [jobViews.job_id], references: [jobs.id] }),
  user: one(users, { fields: [jobViews.user_id], references: [users.id] }),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  owner: one(users, { fields: [products.user_id], references: [users.id] }),
  category: one(categories, { fields: [products.category_id], references: [categories.id] }),
  images: many(productImages),
  views: many(productViews),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.product_id], references: [products.id] }),
}));

export const productViewsRelations = relations(productViews, ({ one }) => ({
  product: one(products, { fields: [productViews.product_id], references: [products.id] }),
  user: one(users, { fields: [productViews.user_id], references: [users.id] }),
}));

export const petitionsRelations = relations(petitions, ({ one, many }) => ({
  initiator: one(users, { fields: [petitions.user_id], references: [users.id] }),
  category: one(categories, { fields: [petitions.category_id], references: [categories.id] }),
  specialties: many(petitionSpecialties),
  signatures: many(petitionSignatures),
  bookmarks: many(petitionBookmarks),
  coAuthors: many(petitionCoAuthors),
  attachments: many(petitionAttachments),
  pressReleases: many(petitionPressReleases),
}));

export const petitionSpecialtiesRelations = relations(petitionSpecialties, ({ one }) => ({
  petition: one(petitions, { fields: [petitionSpecialties.petition_id], references: [petitions.id] }),
  specialty: one(specialties, { fields: [petitionSpecialties.specialty_id], references: [specialties.id] }),
}));

export const petitionSignaturesRelations = relations(petitionSignatures, ({ one }) => ({
  petition: one(petitions, { fields: [petitionSignatures.petition_id], references: [petitions.id] }),
  user: one(users, { fields: [petitionSignatures.user_id], references: [users.id] }),
}));

export const petitionBookmarksRelations = relations(petitionBookmarks, ({ one }) => ({
  petition: one(petitions, { fields: [petitionBookmarks.petition_id], references: [petitions.id] }),
  user: one(users, { fields: [petitionBookmarks.user_id], references: [users.id] }),
}));

export const petitionCoAuthorsRelations = relations(petitionCoAuthors, ({ one }) => ({
  petition: one(petitions, { fields: [petitionCoAuthors.petition_id], references: [petitions.id] }),
  user: one(users, { fields: [petitionCoAuthors.user_id], references: [users.id] }),
}));

export const petitionAttachmentsRelations = relations(petitionAttachments, ({ one }) => ({
  petition: one(petitions, { fields: [petitionAttachments.petition_id], references: [petitions.id] }),
}));

export const petitionPressReleasesRelations = relations(petitionPressReleases, ({ one, many }) => ({
  petition: one(petitions, { fields: [petitionPressReleases.petition_id], references: [petitions.id] }),
  coAuthors: many(petitionPressReleaseCoAuthors),
}));

export const petitionPressReleaseCoAuthorsRelations = relations(petitionPressReleaseCoAuthors, ({ one }) => ({
  pressRelease: one(petitionPressReleases, {
    fields: [petitionPressReleaseCoAuthors.press_release_id],
    references: [petitionPressReleases.id],
  }),
  coAuthor: one(petitionCoAuthors, {
    fields: [petitionPressReleaseCoAuthors.co_author_id],
    references: [petitionCoAuthors.id],
  }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(users, { fields: [posts.author_user_id], references: [users.id] }),
  partnerCompany: one(partnerCompanies, {
    fields: [posts.partner_company_id],
    references: [partnerCompanies.id],
  }),
  sharedPost: one(posts, {
    fields: [posts.shared_post_id],
    references: [posts.id],
    relationName: 'post_share',
  }),
  sharedPetition: one(petitions, { fields: [posts.shared_petition_id], references: [petitions.id] }),
  attachments: many(postAttachments),
  comments: many(postComments),
  likes: many(postLikes),
}));

export const postAttachmentsRelations = relations(postAttachments, ({ one }) => ({
  post: one(posts, { fields: [postAttachments.post_id], references: [posts.id] }),
}));

export const postCommentsRelations = relations(postComments, ({ one }) => ({
  post: one(posts, { fields: [postComments.post_id], references: [posts.id] }),
  author: one(users, { fields: [postComments.author_user_id], references: [users.id] }),
  partnerCompany: one(partnerCompanies, {
    fields: [postComments.partner_company_id],
    references: [partnerCompanies.id],
  }),
}));

export const postLikesRelations = relations(postLikes, ({ one }) => ({
  post: one(posts, { fields: [postLikes.post_id], references: [posts.id] }),
  user: one(users, { fields: [postLikes.user_id], references: [users.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, {
    fields: [notifications.user_id],
    references: [users.id],
    relationName: 'notification_user',
  }),
  actor: one(users, {
    fields: [notifications.actor_user_id],
    references: [users.id],
    relationName: 'notification_actor',
  }),
  partnerCompany: one(partnerCompanies, {
    fields: [notifications.partner_company_id],
    references: [partnerCompanies.id],
  }),
}));

export const videosRelations = relations(videos, ({ one }) => ({
  category: one(categories, { fields: [videos.category_id], references: [categories.id] }),
}));

export const audioTracksRelations = relations(audioTracks, ({ one }) => ({
  category: one(categories, { fields: [audioTracks.category_id], references: [categories.id] }),
}));
