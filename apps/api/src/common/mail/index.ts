export { MAIL_TEMPLATES, type MailTemplate, type MailVars, type RenderedMail, renderMail } from './mail-templates';
export { MailModule } from './mail.module';
export { MAIL_DELIVER_BATCH_JOB, MAIL_DELIVER_JOB, MailService, type SendMail } from './mail.service';
export { MailTransport, type OutgoingMail } from './mail-transport';
