import { describeModel } from '../support/model-vitest.js';
import { model } from './reset-password.model.js';

describeModel(model);
